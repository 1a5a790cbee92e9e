import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeFanUser } from '@web/test/fixtures';
import { jsonResponse, mockRoutes, renderApp } from '@web/test/render';

const notSignedIn = () => jsonResponse({ success: false, statusCode: 401, message: 'You are not signed in' }, 401);

describe('the 401 rule in the app (spec §8)', () => {
  it('a 401 from a fan call forgets the fan and artist sessions and goes to /login, which brings the fan back', async () => {
    mockRoutes({
      'GET /api/user': [jsonResponse({ success: true, data: makeFanUser() }), jsonResponse({ success: true, data: makeFanUser() })],
      'POST /api/auth/logout': notSignedIn(),
      'POST /api/auth/login': jsonResponse({ success: true, data: makeFanUser() }),
    });
    const { user, router, store } = renderApp('/help', {
      session: { status: 'unknown', redirectTo: null },
      artistSession: { status: 'authenticated', redirectTo: null },
    });
    await screen.findByRole('heading', { level: 1, name: 'Help' });

    await user.click(screen.getByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().session).toEqual({ status: 'anonymous', redirectTo: '/help' });
    expect(store.getState().artistSession.status).toBe('anonymous');

    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'analytical');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/help');
  });

  it('a 401 from the login call is a wrong password, not an ended session: no redirect, the reason shows', async () => {
    mockRoutes({
      'POST /api/auth/login': jsonResponse({ success: false, statusCode: 401, message: 'Incorrect e-mail or password' }, 401),
    });
    const { user, router, store } = renderApp('/login', { artistSession: { status: 'authenticated', redirectTo: null } });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });

    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect e-mail or password');
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().artistSession.status).toBe('authenticated');
  });
});
