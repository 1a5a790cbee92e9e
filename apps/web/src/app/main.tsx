// The typeface, shipped with the app (variable weight; the Latin face preloaded, see fontPreloadPlugin).
import '@fontsource-variable/inter/wght.css';
// Mantine's styles for the components the app uses (see mantineStylesPlugin in vite.config.ts).
import 'virtual:mantine-styles.css';
import './global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { applyCookieRules } from '../shared/cookies';
import { listenForInstallPrompt, registerServiceWorker } from '../shared/install';
import { AppErrorBoundary } from './errors';
import { AppProviders } from './providers';
import { startInitialReads } from './initial-reads';
import { createAppRouter } from './router';
import { makeStore } from './store';
import { installUnauthorizedHandler } from './unauthorized-handler';

// Before anything renders: the install prompt fires once and early, and the
// cookie rules (spec §4) apply to every page load.
listenForInstallPrompt();
applyCookieRules();

const store = makeStore();
const router = createAppRouter();

installUnauthorizedHandler(store, router);
startInitialReads(store.dispatch, window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first render as a transition: React yields to the browser while it renders, instead of
// blocking the main thread in one long task (the static header of index.html shows meanwhile).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders store={store}>
        <AppErrorBoundary>
          <RouterProvider router={router} />
        </AppErrorBoundary>
      </AppProviders>
    </StrictMode>,
  );
});

if (import.meta.env.PROD) registerServiceWorker();
