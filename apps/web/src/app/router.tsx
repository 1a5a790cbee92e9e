import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '../shared/ui';
import { FanLayout } from './layout/FanLayout';
import { RouteErrorPage } from './RouteErrorPage';

/** The fan area (spec §2). Each screen is its own lazily loaded module. */
const fanArea: RouteObject = {
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
        { path: 'try', lazy: () => import('./routes/try.route') },
        { path: 'forgot-password', lazy: () => import('./routes/forgot-password.route') },
        { path: 'auth/fans/verify-email/:token', lazy: () => import('./routes/verify-email.route') },
        { path: 'auth/fans/reset-password/:token', lazy: () => import('./routes/reset-password.route') },
        { path: 'dashboard', lazy: () => import('./routes/dashboard.route') },
        { path: 'settings', lazy: () => import('./routes/settings.route') },
        // An unknown path in the fan area goes to the landing page.
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ],
};

/** The artist area (spec §2), loaded on first visit: open screens, then the guarded ones. */
const artistArea: RouteObject = {
  path: '/for-artists',
  lazy: () => import('./layout/ArtistLayout'),
  errorElement: <RouteErrorPage />,
  hydrateFallbackElement: <PageLoader />,
  children: [
    {
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, lazy: () => import('./routes/artist/landing.route') },
        { path: 'login', lazy: () => import('./routes/artist/login.route') },
        { path: 'register', lazy: () => import('./routes/artist/register.route') },
        { path: 'forgot-password', lazy: () => import('./routes/artist/forgot-password.route') },
        { path: 'complete-registration', lazy: () => import('./routes/artist/complete-registration.route') },
        {
          lazy: () => import('./layout/ArtistProtectedLayout'),
          children: [
            { path: 'artists', lazy: () => import('./routes/artist/artists.route') },
            { path: 'settings', lazy: () => import('./routes/artist/settings.route') },
            { path: 'profile/update', lazy: () => import('./routes/artist/profile-update.route') },
          ],
        },
        // An unknown path in the artist area goes to the artist landing.
        { path: '*', element: <Navigate to="/for-artists" replace /> },
      ],
    },
  ],
};

/** The artist e-mail links live outside /for-artists but inside the artist area's frame. */
const artistEmailLinks: RouteObject = {
  path: '/auth/for-artists',
  lazy: () => import('./layout/ArtistLayout'),
  errorElement: <RouteErrorPage />,
  hydrateFallbackElement: <PageLoader />,
  children: [
    {
      errorElement: <RouteErrorPage />,
      children: [
        { path: 'verify-email/:token', lazy: () => import('./routes/artist/verify-email.route') },
        { path: 'reset-password/:token', lazy: () => import('./routes/artist/reset-password.route') },
        { path: '*', element: <Navigate to="/for-artists" replace /> },
      ],
    },
  ],
};

/** The admin area (spec §2): sign-in and Google callback open, the rest guarded. */
const adminArea: RouteObject = {
  path: '/admin',
  lazy: () => import('./layout/AdminLayout'),
  errorElement: <RouteErrorPage />,
  hydrateFallbackElement: <PageLoader />,
  children: [
    {
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, lazy: () => import('./routes/admin/login.route') },
        { path: 'auth/google/callback', lazy: () => import('./routes/admin/google-callback.route') },
        {
          lazy: () => import('./layout/AdminProtectedLayout'),
          children: [{ path: 'dashboard', lazy: () => import('./routes/admin/dashboard.route') }],
        },
        // An unknown path in the admin area goes to the dashboard.
        { path: '*', element: <Navigate to="/admin/dashboard" replace /> },
      ],
    },
  ],
};

export const routes: RouteObject[] = [fanArea, artistArea, artistEmailLinks, adminArea];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
