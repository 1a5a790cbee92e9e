import { Navigate, type RouteObject } from 'react-router';
import { lazyAreaRoute } from './area-route';
import { lazyRoute } from './errors';

/*
 * The admin area's route table (/admin). The router adds it the first time someone goes there
 * (see `discoverAreaRoutes` in router.tsx), so fan pages don't carry it.
 */

/** The admin area (spec §2): sign-in and Google callback open, the rest behind the admin guard. */
const adminArea = lazyAreaRoute('/admin', () => import('./layout/AdminLayout'), [
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
]);

export const adminAreaRoutes: RouteObject[] = [adminArea];
