import { Navigate, type RouteObject } from 'react-router';
import { lazyAreaRoute } from './area-route';
import { lazyRoute } from './errors';

/*
 * The artist area's route table (/for-artists and the artist e-mail links under /auth/for-artists).
 * The router adds it the first time someone goes there (see `discoverAreaRoutes` in router.tsx), so
 * fan pages don't carry it.
 */

/** The verification result pages (spec §2): each platform, success or failed. */
export const VERIFICATION_PATHS = ['twitter', 'youtube', 'facebook', 'instagram'].flatMap((platform) =>
  ['success', 'failed'].map((result) => `verification/${platform}/${result}`),
);

/** The artist area (spec §2), loaded on first visit: open screens, then the guarded ones. */
const artistArea = lazyAreaRoute('/for-artists', () => import('./layout/ArtistLayout'), [
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
]);

/** The artist e-mail links live outside /for-artists but inside the artist area's frame. */
const artistEmailLinks = lazyAreaRoute('/auth/for-artists', () => import('./layout/ArtistLayout'), [
  { path: 'verify-email/:token', lazy: lazyRoute(() => import('./routes/artist/verify-email.route')) },
  { path: 'reset-password/:token', lazy: lazyRoute(() => import('./routes/artist/reset-password.route')) },
  { path: '*', element: <Navigate to="/for-artists" replace /> },
]);

export const artistAreaRoutes: RouteObject[] = [artistArea, artistEmailLinks];
