import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '../shared/ui';
import { lazyRoute, RouteErrorBoundary } from './errors';
import { FanLayout } from './layout/FanLayout';
import { RootLayout } from './layout/RootLayout';

/**
 * The route table: every path of spec/web-routes.tsv, in three areas, each
 * with its layout and guard. Every screen is its own lazily loaded module
 * (`lazyRoute` marks a failure to load it, for the app update screen); the
 * artist and admin layouts load on the first visit to their area.
 *
 * Error elements at three levels: the root (the page chrome failed), each
 * area (its layout failed) and each area's screens (inside the layout, so the
 * header stays).
 */

/** The verification result pages (spec §2): each platform, success or failed. */
export const VERIFICATION_PATHS = ['twitter', 'youtube', 'facebook', 'instagram'].flatMap((platform) =>
  ['success', 'failed'].map((result) => `verification/${platform}/${result}`),
);

/** The fan area (spec §2) with the public pages, in the shared layout. */
const fanArea: RouteObject = {
  path: '/',
  element: <FanLayout />,
  errorElement: <RouteErrorBoundary scope="area" />,
  children: [
    {
      // Errors inside a screen keep the header around them; so does the first load's spinner.
      errorElement: <RouteErrorBoundary scope="screen" />,
      hydrateFallbackElement: <PageLoader />,
      children: [
        // Public and general.
        { index: true, lazy: lazyRoute(() => import('./routes/landing.route')) },
        { path: 'artist-invite/:token', lazy: lazyRoute(() => import('./routes/artist-invite.route')) },
        { path: 'register', lazy: lazyRoute(() => import('./routes/register.route')) },
        { path: 'login', lazy: lazyRoute(() => import('./routes/login.route')) },
        { path: 'try', lazy: lazyRoute(() => import('./routes/try.route')) },
        { path: 'artist/:id', lazy: lazyRoute(() => import('../features/fan/listening/routes/ArtistRoute')) },
        { path: 'pie/:pieId', lazy: lazyRoute(() => import('./routes/public-pie.route')) },
        {
          path: 'delete-account-instructions',
          lazy: lazyRoute(() => import('./routes/delete-account-instructions.route')),
        },
        { path: 'error', lazy: lazyRoute(() => import('./routes/error.route')) },
        { path: 'privacy-policy', lazy: lazyRoute(() => import('./routes/privacy-policy.route')) },
        { path: 'terms', lazy: lazyRoute(() => import('./routes/terms.route')) },
        { path: 'forgot-password', lazy: lazyRoute(() => import('./routes/forgot-password.route')) },
        { path: 'auth/fans/verify-email/:token', lazy: lazyRoute(() => import('./routes/verify-email.route')) },
        { path: 'auth/fans/reset-password/:token', lazy: lazyRoute(() => import('./routes/reset-password.route')) },
        // The fan's own screens, behind the fan guard (to /login and back).
        {
          id: 'fan-guard',
          lazy: lazyRoute(() => import('./layout/FanProtectedLayout')),
          children: [
            { path: 'dashboard', lazy: lazyRoute(() => import('../features/fan/listening/routes/DashboardRoute')) },
            { path: 'pie', lazy: lazyRoute(() => import('./routes/pie.route')) },
            { path: 'pie/successCheckout', lazy: lazyRoute(() => import('./routes/pie-checkout.route')) },
            { path: 'my-pies', lazy: lazyRoute(() => import('./routes/my-pies.route')) },
            { path: 'history', lazy: lazyRoute(() => import('../features/fan/listening/routes/HistoryRoute')) },
            { path: 'settings', lazy: lazyRoute(() => import('./routes/settings.route')) },
            { path: 'pie/settings', lazy: lazyRoute(() => import('./routes/pie-settings.route')) },
            { path: 'report', lazy: lazyRoute(() => import('../features/fan/listening/routes/ReportRoute')) },
            { path: 'user/:userID', lazy: lazyRoute(() => import('../features/fan/listening/routes/FanProfileRoute')) },
            { path: 'earth', lazy: lazyRoute(() => import('../features/fan/listening/routes/EarthRoute')) },
            { path: 'help', lazy: lazyRoute(() => import('./routes/help.route')) },
          ],
        },
        // An unknown path in the fan area goes to the landing page.
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ],
};

/** The artist area (spec §2), loaded on first visit: open screens, then the guarded ones. */
const artistArea: RouteObject = {
  path: '/for-artists',
  lazy: lazyRoute(() => import('./layout/ArtistLayout')),
  errorElement: <RouteErrorBoundary scope="area" />,
  hydrateFallbackElement: <PageLoader />,
  children: [
    {
      errorElement: <RouteErrorBoundary scope="screen" />,
      children: [
        { index: true, lazy: lazyRoute(() => import('./routes/artist/landing.route')) },
        { path: 'login', lazy: lazyRoute(() => import('./routes/artist/login.route')) },
        { path: 'register', lazy: lazyRoute(() => import('./routes/artist/register.route')) },
        { path: 'forgot-password', lazy: lazyRoute(() => import('./routes/artist/forgot-password.route')) },
        {
          path: 'office-invitation/:officeId',
          lazy: lazyRoute(() => import('./routes/artist/office-invitation.route')),
        },
        {
          path: 'complete-registration',
          lazy: lazyRoute(() => import('./routes/artist/complete-registration.route')),
        },
        { path: 'error', lazy: lazyRoute(() => import('./routes/artist/error.route')) },
        {
          // The artist guard (to /for-artists/login and back).
          id: 'artist-guard',
          lazy: lazyRoute(() => import('./layout/ArtistProtectedLayout')),
          children: [
            { path: 'artists', lazy: lazyRoute(() => import('./routes/artist/artists.route')) },
            { path: 'artists/:id', lazy: lazyRoute(() => import('./routes/artist/claim-details.route')) },
            { path: 'claims/:id', lazy: lazyRoute(() => import('./routes/artist/claim.route')) },
            { path: 'funds', lazy: lazyRoute(() => import('./routes/artist/funds.route')) },
            { path: 'funds/payouts/:id', lazy: lazyRoute(() => import('./routes/artist/funds-payout.route')) },
            {
              path: 'funds/transactions/:id',
              lazy: lazyRoute(() => import('./routes/artist/funds-transaction.route')),
            },
            { path: 'team', lazy: lazyRoute(() => import('./routes/artist/team.route')) },
            { path: 'team/:memberId', lazy: lazyRoute(() => import('./routes/artist/team-member.route')) },
            { path: 'give-back', lazy: lazyRoute(() => import('./routes/artist/give-back.route')) },
            { path: 'settings', lazy: lazyRoute(() => import('./routes/artist/settings.route')) },
            { path: 'profile/update', lazy: lazyRoute(() => import('./routes/artist/profile-update.route')) },
            { path: 'office-settings', lazy: lazyRoute(() => import('./routes/artist/office-settings.route')) },
            ...VERIFICATION_PATHS.map((path) => ({
              path,
              lazy: lazyRoute(() => import('./routes/artist/verification.route')),
            })),
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
  lazy: lazyRoute(() => import('./layout/ArtistLayout')),
  errorElement: <RouteErrorBoundary scope="area" />,
  hydrateFallbackElement: <PageLoader />,
  children: [
    {
      errorElement: <RouteErrorBoundary scope="screen" />,
      children: [
        { path: 'verify-email/:token', lazy: lazyRoute(() => import('./routes/artist/verify-email.route')) },
        { path: 'reset-password/:token', lazy: lazyRoute(() => import('./routes/artist/reset-password.route')) },
        { path: '*', element: <Navigate to="/for-artists" replace /> },
      ],
    },
  ],
};

/** The admin area (spec §2): sign-in and Google callback open, the rest behind the admin guard. */
const adminArea: RouteObject = {
  path: '/admin',
  lazy: lazyRoute(() => import('./layout/AdminLayout')),
  errorElement: <RouteErrorBoundary scope="area" />,
  hydrateFallbackElement: <PageLoader />,
  children: [
    {
      errorElement: <RouteErrorBoundary scope="screen" />,
      children: [
        { index: true, lazy: lazyRoute(() => import('./routes/admin/login.route')) },
        { path: 'auth/google/callback', lazy: lazyRoute(() => import('./routes/admin/google-callback.route')) },
        {
          id: 'admin-guard',
          lazy: lazyRoute(() => import('./layout/AdminProtectedLayout')),
          children: [
            { path: 'dashboard', lazy: lazyRoute(() => import('./routes/admin/dashboard.route')) },
            { path: 'claims', lazy: lazyRoute(() => import('./routes/admin/claims.route')) },
            { path: 'claims/:id', lazy: lazyRoute(() => import('./routes/admin/claim.route')) },
            { path: 'artists', lazy: lazyRoute(() => import('./routes/admin/artists.route')) },
            { path: 'artists/:artistId', lazy: lazyRoute(() => import('./routes/admin/artist.route')) },
            {
              path: 'artists/:artistId/top-fans',
              lazy: lazyRoute(() => import('./routes/admin/artist-top-fans.route')),
            },
            { path: 'fans', lazy: lazyRoute(() => import('./routes/admin/fans.route')) },
            { path: 'fans/:id', lazy: lazyRoute(() => import('./routes/admin/fan.route')) },
            { path: 'user-artists', lazy: lazyRoute(() => import('./routes/admin/user-artists.route')) },
            { path: 'user-artists/:id', lazy: lazyRoute(() => import('./routes/admin/user-artist.route')) },
            { path: 'offices', lazy: lazyRoute(() => import('./routes/admin/offices.route')) },
            { path: 'offices/:id', lazy: lazyRoute(() => import('./routes/admin/office.route')) },
            { path: 'finances', lazy: lazyRoute(() => import('./routes/admin/finances.route')) },
            { path: 'transactions', lazy: lazyRoute(() => import('./routes/admin/transactions.route')) },
            { path: 'transactions/:id', lazy: lazyRoute(() => import('./routes/admin/transaction.route')) },
          ],
        },
        // An unknown path in the admin area goes to the dashboard (and through its guard).
        { path: '*', element: <Navigate to="/admin/dashboard" replace /> },
      ],
    },
  ],
};

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary scope="app" />,
    children: [fanArea, artistArea, artistEmailLinks, adminArea],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
