import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '@web/shared/browser';
import { makeAdmin } from '@web/test/fixtures';
import { jsonResponse, mockRoutes, renderApp, requestsTo } from '@web/test/render';

const PROFILE = 'GET /api/admin/profile';
const LOGIN = 'POST /api/admin/auth/login';
const notSignedIn = () => jsonResponse({ success: false, statusCode: 401, message: 'You are not signed in' }, 401);
const profile = () => jsonResponse({ success: true, data: makeAdmin() });

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
});

async function signIn(user: UserEvent) {
  await user.type(screen.getByLabelText(/^Email/), 'grace@pie.local');
  await user.type(screen.getByLabelText(/^Password/), 'compiler-1952');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('admin sign-in', () => {
  it('signs in with e-mail and password and greets the admin by name', async () => {
    const fetchMock = mockRoutes({ [LOGIN]: profile(), [PROFILE]: profile() });
    const { user, router } = renderApp('/admin');
    await screen.findByRole('heading', { name: 'Admin sign in' });

    await signIn(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Grace Hopper' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(screen.getByRole('button', { name: 'Run every check' })).toBeTruthy();
    expect(await requestsTo(fetchMock, LOGIN)[0]!.json()).toEqual({
      email: 'grace@pie.local',
      password: 'compiler-1952',
    });
    expect(document.title).toBe('Dashboard · Pie admin');
  });

  it('shows the server’s reason when sign-in is refused', async () => {
    mockRoutes({ [LOGIN]: jsonResponse({ success: false, statusCode: 401, message: 'Incorrect e-mail or password' }, 401) });
    const { user, router } = renderApp('/admin');
    await screen.findByRole('heading', { name: 'Admin sign in' });

    await signIn(user);

    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect e-mail or password');
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('starts Google sign-in as a browser navigation to the API', async () => {
    const { user } = renderApp('/admin');

    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));

    expect(assign).toHaveBeenCalledWith('/api/admin/auth/google');
  });
});

describe('admin Google callback', () => {
  it('goes on to the dashboard when the server set the session', async () => {
    mockRoutes({ [PROFILE]: profile() });
    const { router, store } = renderApp('/admin/auth/google/callback?status=success');

    expect(await screen.findByRole('heading', { name: 'Welcome, Grace Hopper' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(store.getState().adminSession.status).toBe('authenticated');
  });

  it('shows why Google sign-in failed, with a way back to the admin sign-in', async () => {
    const fetchMock = mockRoutes({});
    renderApp('/admin/auth/google/callback?error=not_admin');

    expect((await screen.findByRole('alert')).textContent).toBe('This Google account is not an admin of Pie.');
    expect(screen.getByRole('link', { name: 'Back to admin sign in' }).getAttribute('href')).toBe('/admin');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('admin area guard', () => {
  it('sends a visitor without an admin session to /admin, then back after signing in', async () => {
    mockRoutes({ [PROFILE]: [notSignedIn(), profile()], [LOGIN]: profile() });
    const { user, router, store } = renderApp('/admin/dashboard?tab=health');

    expect(await screen.findByRole('heading', { name: 'Admin sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin');
    expect(store.getState().adminSession.redirectTo).toBe('/admin/dashboard?tab=health');

    await signIn(user);

    expect(await screen.findByRole('heading', { name: 'Welcome, Grace Hopper' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/admin/dashboard?tab=health');
  });

  it('sends unknown admin paths to the dashboard', async () => {
    mockRoutes({ [PROFILE]: profile() });
    const { router } = renderApp('/admin/not-built-yet');

    expect(await screen.findByRole('heading', { name: 'Welcome, Grace Hopper' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('logs out and returns to the admin sign-in', async () => {
    const fetchMock = mockRoutes({
      [PROFILE]: profile(),
      'POST /api/admin/auth/logout': jsonResponse({ success: true, message: 'Logged out' }),
    });
    const { user, router, store } = renderApp('/admin/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('heading', { name: 'Admin sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin');
    expect(requestsTo(fetchMock, 'POST /api/admin/auth/logout')).toHaveLength(1);
    expect(store.getState().adminSession.status).toBe('anonymous');
  });

  it('on a 401 from an admin call, goes to /admin and forgets only the admin session', async () => {
    mockRoutes({ [PROFILE]: profile(), 'POST /api/admin/auth/logout': notSignedIn() });
    const { user, router, store } = renderApp('/admin/dashboard', {
      session: { status: 'authenticated', redirectTo: null },
    });

    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('heading', { name: 'Admin sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin');
    expect(store.getState().adminSession).toEqual({ status: 'anonymous', redirectTo: '/admin/dashboard' });
    expect(store.getState().session.status).toBe('authenticated');
  });
});

describe('the reconciliation on the admin dashboard', () => {
  it('follows the provider check’s job: its progress while it runs, then its result', async () => {
    const check = (type: string) => jsonResponse({ success: true, data: { type, ok: true, checkedAt: '2026-11-27T09:00:00.000Z', violations: 0, rows: [] } });
    const routes: Record<string, Parameters<typeof mockRoutes>[0][string]> = { [LOGIN]: profile(), [PROFILE]: profile() };
    for (const type of ['ledger', 'balances', 'escrow', 'wallets', 'idempotency']) routes[`POST /api/admin/financial-reconciliation/run-${type}-check`] = check(type);
    routes['POST /api/admin/financial-reconciliation/run-provider-check'] = jsonResponse({ success: true, data: { type: 'provider', ok: false, checkedAt: '2026-11-27T09:00:00.000Z', violations: 0, rows: [], runId: '7', status: 'running', progress: 'Waiting for the worker' } });
    routes['GET /api/admin/financial-reconciliation/runs/7'] = [
      jsonResponse({ success: true, data: { type: 'provider', ok: false, checkedAt: '2026-11-27T09:00:00.000Z', violations: 0, rows: [], runId: '7', status: 'running', progress: 'Stripe balance transactions: 300 read' } }),
      jsonResponse({ success: true, data: { type: 'provider', ok: false, checkedAt: '2026-11-27T09:00:05.000Z', violations: 1, rows: ['fan f1: dispute dp_1 moved 1000 cents in the ledger, nothing at Stripe'], runId: '7', status: 'done', progress: null } }),
    ];
    mockRoutes(routes);
    const { user } = renderApp('/admin');
    await screen.findByRole('heading', { name: 'Admin sign in' });
    await signIn(user);
    await user.click(await screen.findByRole('button', { name: 'Run every check' }));
    expect(await screen.findByText('provider: Stripe balance transactions: 300 read')).toBeTruthy();
    expect(await screen.findByText(/^provider: 1 row\(s\) — fan f1: dispute dp_1/, {}, { timeout: 4000 })).toBeTruthy();
  });
});
