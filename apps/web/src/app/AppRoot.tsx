import { StrictMode } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import { AppErrorBoundary } from './errors';
import { AppProviders } from './providers';
import type { AppStore } from './store';

/** The whole app around a router: StrictMode, the providers and the last-resort error boundary (main.tsx and the tests' renderApp). */
export function AppRoot({ store, router }: { store: AppStore; router: DataRouter }) {
  return (
    <StrictMode>
      <AppProviders store={store}>
        <AppErrorBoundary>
          <RouterProvider router={router} />
        </AppErrorBoundary>
      </AppProviders>
    </StrictMode>
  );
}
