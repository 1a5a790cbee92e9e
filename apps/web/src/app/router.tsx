import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '../shared/ui';
import { FanLayout } from './layout/FanLayout';
import { RouteErrorPage } from './RouteErrorPage';

/** The fan area (spec §2). Each screen is its own lazily loaded module. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <FanLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        // Errors inside a screen keep the header around them.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, lazy: () => import('./routes/landing.route') },
          { path: 'register', lazy: () => import('./routes/register.route') },
          { path: 'login', lazy: () => import('./routes/login.route') },
          { path: 'auth/fans/verify-email/:token', lazy: () => import('./routes/verify-email.route') },
          { path: 'dashboard', lazy: () => import('./routes/dashboard.route') },
          // An unknown path in the fan area goes to the landing page.
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
