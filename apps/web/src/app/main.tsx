import '@mantine/core/styles.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '../shared/api';
import { redirectStored } from '../shared/session';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import { makeStore } from './store';

const store = makeStore();
const router = createAppRouter();

// Spec §8's 401 rule, inside the single-page app: remember where the person
// was (so logging in brings them back) and navigate without a page load.
setUnauthorizedHandler(({ to, from }) => {
  if (to === '/login') store.dispatch(redirectStored(from));
  void router.navigate(to, { replace: true });
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
