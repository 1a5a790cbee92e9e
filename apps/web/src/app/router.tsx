import { Navigate, createBrowserRouter, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { PageLoader } from '@web/shared/ui';
import { lazyRoute, RouteErrorBoundary } from './errors';
import { FanLayout } from './layout/FanLayout';
import { RootLayout } from './layout/RootLayout';

/**
 * The route table: every path of spec/web-routes.tsv, in three areas, each
 * with its layout and guard. Every screen is its own lazily loaded route module, and all of
 * them live in app/routes (`<screen>.route.tsx`, exporting `Component`): they compose the
 * features, which never import each other
 * (`lazyRoute` marks a failure to load it, for the app update screen). The
 * fan area's table is here; the artist and admin areas' tables
 * (artist-area.routes.tsx, admin-area.routes.tsx) load with the first visit
 * to their area, added by `discoverAreaRoutes`.
 *
 * Error elements at three levels: the root (the page chrome failed), each
 * area (its layout failed) and each area's screens (inside the layout, so the
 * header stays).
 */

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
        { path: 'artist/:id', lazy: lazyRoute(() => import('./routes/artist.route')) },
        { path: 'pie/:pieId', lazy: lazyRoute(() => import('./routes/public-pie.route')) },
        {
          path: 'delete-account-instructions',
          lazy: lazyRoute(() => import('./routes/delete-account-instructions.route')),
        },
        { path: 'error', lazy: lazyRoute(() => import('./routes/error.route')) },
        { path: 'privacy-policy', lazy: lazyRoute(() => import('./routes/privacy-policy.route')) },
        { path: 'terms', lazy: lazyRoute(() => import('./routes/terms.route')) },
        { path: 'forgot-password', lazy: lazyRoute(() => import('./routes/forgot-password.route')) },
        // Help (how the split and the fees work) is what people read before they join: open to all.
        { path: 'help', lazy: lazyRoute(() => import('./routes/help.route')) },
        // Open books (issue 31): where all of the money is, for everyone.
        { path: 'open-books', lazy: lazyRoute(() => import('./routes/open-books.route')) },
        { path: 'auth/fans/verify-email/:token', lazy: lazyRoute(() => import('./routes/verify-email.route')) },
        { path: 'auth/fans/reset-password/:token', lazy: lazyRoute(() => import('./routes/reset-password.route')) },
        // The fan's own screens, behind the fan guard (to /login and back).
        {
          id: 'fan-guard',
          lazy: lazyRoute(() => import('./layout/FanProtectedLayout')),
          children: [
            { path: 'dashboard', lazy: lazyRoute(() => import('./routes/dashboard.route')) },
            { path: 'pie', lazy: lazyRoute(() => import('./routes/pie.route')) },
            { path: 'pie/successCheckout', lazy: lazyRoute(() => import('./routes/pie-checkout.route')) },
            { path: 'my-pies', lazy: lazyRoute(() => import('./routes/my-pies.route')) },
            { path: 'my-pies/statements/:periodId', lazy: lazyRoute(() => import('./routes/pie-statement.route')) },
            { path: 'history', lazy: lazyRoute(() => import('./routes/history.route')) },
            { path: 'settings', lazy: lazyRoute(() => import('./routes/settings.route')) },
            { path: 'pie/settings', lazy: lazyRoute(() => import('./routes/pie-settings.route')) },
            { path: 'report', lazy: lazyRoute(() => import('./routes/report.route')) },
            { path: 'user/:userID', lazy: lazyRoute(() => import('./routes/fan-profile.route')) },
            { path: 'earth', lazy: lazyRoute(() => import('./routes/earth.route')) },
          ],
        },
        // An unknown path in the fan area goes to the landing page.
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ],
};

/** The fan area, loaded with the app. */
export const fanAreaRoutes: RouteObject[] = [fanArea];

/** The page chrome around every area. */
export function rootRoutes(areas: RouteObject[]): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RouteErrorBoundary scope="app" />,
      // The first load of an artist or admin page discovers its area's table before anything under
      // the root can show its own spinner: without one here React Router renders nothing and warns.
      hydrateFallbackElement: <PageLoader />,
      children: areas,
    },
  ];
}

/** The areas whose route tables load on the first visit, by the paths they own. */
const LAZY_AREAS = [
  { paths: ['/for-artists', '/auth/for-artists'], load: async () => (await import('./artist-area.routes')).artistAreaRoutes },
  { paths: ['/admin'], load: async () => (await import('./admin-area.routes')).adminAreaRoutes },
];

function within(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * React Router asks this when a path matches only the fan area's catch-all (or a route with
 * parameters): when the path belongs to an area whose table isn't loaded yet, it is loaded and
 * added under the root, once per router.
 */
export function discoverAreaRoutes(): PatchRoutesOnNavigationFunction {
  const added = new Set<(typeof LAZY_AREAS)[number]>();
  return async ({ path, patch, signal }) => {
    const area = LAZY_AREAS.find((candidate) => candidate.paths.some((prefix) => within(path, prefix)));
    if (!area || added.has(area)) return;
    const routes = await lazyRoute(area.load)();
    // A navigation overtaken by another while the table loaded patches nothing (React Router
    // ignores `patch` then): the area stays to be added by the next navigation into it.
    if (signal.aborted || added.has(area)) return;
    patch('root', routes);
    added.add(area);
  };
}

export function createAppRouter() {
  return createBrowserRouter(rootRoutes(fanAreaRoutes), { patchRoutesOnNavigation: discoverAreaRoutes() });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
