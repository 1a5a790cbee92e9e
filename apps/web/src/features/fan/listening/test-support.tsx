import { MantineProvider } from '@mantine/core';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, createPath, Outlet, RouterProvider, type RouteObject } from 'react-router';
import type { FanUser } from '#pie/contracts';
import { makeFanUser } from '@web/test/fixtures';
import { baseApi, setUnauthorizedHandler, type UnauthorizedRedirect } from '@web/shared/api';
import { adminSessionSlice, artistSessionSlice, sessionSlice, type SessionState } from '@web/shared/session';
import { jsonResponse } from '@web/test/render';

/** The listening screens' route modules (app/routes) at the paths the router gives them. */
export function listeningTestRoutes(layoutUser?: FanUser): RouteObject[] {
  return [
    {
      path: '/',
      // As the protected fan layout does, a layout may hand the screens the signed-in fan.
      element: layoutUser ? <Outlet context={{ user: layoutUser }} /> : <Outlet />,
      hydrateFallbackElement: <p>Loading the page...</p>,
      children: [
        { path: 'dashboard', lazy: () => import('@web/app/routes/dashboard.route') },
        { path: 'history', lazy: () => import('@web/app/routes/history.route') },
        { path: 'user/:userID', lazy: () => import('@web/app/routes/fan-profile.route') },
        { path: 'earth', lazy: () => import('@web/app/routes/earth.route') },
        { path: 'artist/:id', lazy: () => import('@web/app/routes/artist.route') },
        { path: 'report', lazy: () => import('@web/app/routes/report.route') },
        { path: 'login', element: <h1>Log in</h1> },
        { path: 'settings', element: <h1>Settings</h1> },
      ],
    },
  ];
}

/**
 * Renders a listening screen through its lazy route module, with a fresh store (the fan base API
 * and the session slices), Mantine's dark theme and a memory router whose location the page's
 * address follows (the base query's 401 rule reads window.location).
 */
export function renderListening(path: string, options: { session?: SessionState['status']; layoutUser?: FanUser } = {}) {
  const store = configureStore({
    reducer: combineReducers({
      [baseApi.reducerPath]: baseApi.reducer,
      [sessionSlice.reducerPath]: sessionSlice.reducer,
      [artistSessionSlice.reducerPath]: artistSessionSlice.reducer,
      [adminSessionSlice.reducerPath]: adminSessionSlice.reducer,
    }),
    preloadedState: options.session ? { session: { status: options.session, redirectTo: null } } : undefined,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  const router = createMemoryRouter(listeningTestRoutes(options.layoutUser), { initialEntries: [path] });
  window.history.replaceState(null, '', path);
  router.subscribe((state) => window.history.replaceState(null, '', createPath(state.location)));
  const redirects: UnauthorizedRedirect[] = [];
  const undoHandler = setUnauthorizedHandler((redirect) => redirects.push(redirect));
  const user = userEvent.setup();
  const view = render(
    <StrictMode>
      <Provider store={store}>
        <MantineProvider forceColorScheme="dark">
          <RouterProvider router={router} />
        </MantineProvider>
      </Provider>
    </StrictMode>,
  );
  return { ...view, store, router, user, redirects, undoHandler };
}

/** The fan GET /api/user answers with (the route modules' session guard asks first). */
export function fanUser(overrides: Partial<FanUser> = {}): FanUser {
  return makeFanUser({ _id: '00000000-0000-4000-8000-000000000001', ...overrides });
}

/** `{ success: true, data, pagination? }`, as a repeatable answer. */
export const ok = (data: unknown, pagination?: { page: number; limit: number; total: number; pages: number }) => () =>
  jsonResponse({ success: true, data, ...(pagination ? { pagination } : {}) });

export const fails = (status: number, message: string) => () => jsonResponse({ success: false, statusCode: status, message }, status);

/** The query of the n-th request to a route. */
export function queryOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}
