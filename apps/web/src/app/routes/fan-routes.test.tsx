import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, emptyListeningRoutes, jsonResponse, mockFetch, mockRoutes, renderApp, requestsTo, sentRequest } from '@web/test/render';

const TOKEN = 'A'.repeat(20) + '_-' + 'b'.repeat(21);
const ada = {
  _id: 'fan_1',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email_verified: true,
  promo_eligible: false,
  used_promotion_code: false,
  stripe_customer_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

describe('landing', () => {
  it('explains Pie and links to registration and login', async () => {
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Pie' })).toBeTruthy();
    expect(screen.getByText(/split to the cent among the artists/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('is where unknown paths in the fan area lead', async () => {
    const { router } = renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Pie' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('e-mail verification link', () => {
  it('verifies the token once, then offers to log in', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockFetch(() => answer.promise);
    renderApp(`/auth/fans/verify-email/${TOKEN}`);

    expect(await screen.findByText('Verifying your e-mail...')).toBeTruthy();
    // One page heading from the check to its outcome (the outcome's own heading is inside the card).
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('E-mail verification');
    // The page shows its pending state before RTK Query has called fetch: wait for the call.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const request = sentRequest(fetchMock);
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe(`/api/auth/verify-email/${TOKEN}`);

    answer.resolve(jsonResponse({ success: true, message: 'Your e-mail is verified.' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Your e-mail is verified' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('E-mail verification');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s reason when the link has expired or was used', async () => {
    mockFetch(
      jsonResponse({ success: false, statusCode: 410, message: 'This link has expired. Register again.' }, 410),
    );
    renderApp(`/auth/fans/verify-email/${TOKEN}`);

    expect((await screen.findByRole('alert')).textContent).toBe('This link has expired. Register again.');
    expect(screen.getByRole('link', { name: 'Go to log in' }).getAttribute('href')).toBe('/login');
  });

  it('does not send a malformed token to the server', async () => {
    const fetchMock = mockFetch();
    renderApp('/auth/fans/verify-email/not-a-token');

    expect((await screen.findByRole('alert')).textContent).toBe('This link is not valid');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('dashboard', () => {
  it('shows a loader, then greets the fan with an honest empty state', async () => {
    const answer = deferred<Response>();
    mockRoutes({ ...emptyListeningRoutes(), 'GET /api/user': () => answer.promise });
    renderApp('/dashboard');

    expect(await screen.findByText('Loading your account...')).toBeTruthy();
    answer.resolve(jsonResponse({ success: true, data: ada }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No pies yet' })).toBeTruthy();
    expect(document.title).toBe('Dashboard · Pie');
  });

  it('logs out and goes to the login screen', async () => {
    const fetchMock = mockRoutes({
      ...emptyListeningRoutes(),
      'GET /api/user': () => Promise.resolve(jsonResponse({ success: true, data: ada })),
      'POST /api/auth/logout': () => Promise.resolve(jsonResponse({ success: true, message: 'Logged out' })),
    });
    const { user, router, store } = renderApp('/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(requestsTo(fetchMock, 'POST /api/auth/logout')).toHaveLength(1);
    expect(store.getState().session.status).toBe('anonymous');
  });

  it('offers a retry when the account cannot be loaded', async () => {
    mockFetch(
      jsonResponse({ success: false, statusCode: 503, message: 'Pie is down for maintenance' }, 503),
      jsonResponse({ success: true, data: ada }),
    );
    const { user } = renderApp('/dashboard');

    expect((await screen.findByRole('alert')).textContent).toContain('Pie is down for maintenance');
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeTruthy();
  });
});
