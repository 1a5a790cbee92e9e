import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAdmin, makeArtistUser, makeFanUser } from '@web/test/fixtures';
import { emptyListeningRoutes, jsonResponse, mockRoutes, renderApp } from '@web/test/render';

/** Issue 16 item 2: a signed-in person on a sign-in screen goes home; the menu survives a reload. */
const UNKNOWN = { status: 'unknown', redirectTo: null } as const;
const AFTER_RELOAD = { session: UNKNOWN, artistSession: UNKNOWN, adminSession: UNKNOWN };

const signedIn = (data: unknown) => () => Promise.resolve(jsonResponse({ success: true, data }));
const noSession = () => Promise.resolve(jsonResponse({ success: false, statusCode: 401, message: 'Not signed in' }, 401));

function fanSignedIn() {
  return mockRoutes({
    ...emptyListeningRoutes(),
    'GET /api/user': signedIn(makeFanUser({ first_name: 'Ada' })),
    'GET /api/for-artists/user': noSession,
    'GET /api/admin/profile': noSession,
  });
}

describe('a signed-in fan', () => {
  it.each(['/login', '/register'])('who opens %s (after a reload) goes to the dashboard', async (path) => {
    fanSignedIn();
    const { router } = renderApp(path, AFTER_RELOAD);

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: /Ada/ })).toBeTruthy();
  });

  it.each(['/artist/artist_1', '/pie/pie_1', '/'])('keeps the app’s navigation on %s after a reload', async (path) => {
    mockRoutes({
      ...emptyListeningRoutes(),
      'GET /api/user': signedIn(makeFanUser({ first_name: 'Ada' })),
      'GET /api/artists/details/artist_1': () =>
        Promise.resolve(jsonResponse({ success: false, statusCode: 404, message: 'Artist not found' }, 404)),
      'GET /api/artists/details/user/artist_1': () =>
        Promise.resolve(jsonResponse({ success: false, statusCode: 404, message: 'Artist not found' }, 404)),
      'GET /api/artists/artist_1/top-tracks': signedIn([]),
      'GET /api/artists/artist_1/fans': signedIn({ total_fans: 0, fans: [] }),
    });
    renderApp(path, AFTER_RELOAD);

    const nav = await screen.findAllByRole('navigation', { name: 'Your account' });
    expect(nav.length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Dashboard' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('who is not signed in stays on /login, with no menu', async () => {
    mockRoutes({ 'GET /api/user': noSession });
    const { router } = renderApp('/login', AFTER_RELOAD);

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });
});

describe('a signed-in artist', () => {
  it.each(['/for-artists', '/for-artists/login'])('who opens %s goes to the artists screen', async (path) => {
    mockRoutes({
      'GET /api/user': noSession,
      'GET /api/for-artists/user': signedIn(makeArtistUser()),
    });
    const { router } = renderApp(path, AFTER_RELOAD);

    await waitFor(() => expect(router.state.location.pathname).toBe('/for-artists/artists'));
  });

  it('who first opened a fan page (no fan session there) still goes home from /for-artists', async () => {
    mockRoutes({
      'GET /api/user': noSession,
      'GET /api/for-artists/user': signedIn(makeArtistUser()),
    });
    const { router, store } = renderApp('/', AFTER_RELOAD);
    await waitFor(() => expect(store.getState().session.status).toBe('anonymous'));
    // The fan area's "nobody here" leaves the artist area's session to its own check.
    expect(store.getState().artistSession.status).toBe('unknown');

    await router.navigate('/for-artists');

    await waitFor(() => expect(router.state.location.pathname).toBe('/for-artists/artists'));
  });
});

describe('a signed-in admin', () => {
  it('who opens /admin goes to the dashboard', async () => {
    mockRoutes({
      'GET /api/user': noSession,
      'GET /api/admin/profile': signedIn(makeAdmin()),
    });
    const { router } = renderApp('/admin', AFTER_RELOAD);

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });
});

describe('after a social sign-in', () => {
  it('the dashboard greets the fan by the first name as given and takes the round trip out of the address', async () => {
    mockRoutes({
      ...emptyListeningRoutes(),
      'GET /api/user': signedIn(makeFanUser({ first_name: 'María José ' })),
    });
    const { router } = renderApp('/dashboard?signedIn=google&promo=try&deviceType=desktop');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, María José' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
