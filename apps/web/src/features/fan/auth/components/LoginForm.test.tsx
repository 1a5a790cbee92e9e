import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp, sentRequest } from '@web/test/render';

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

async function openLogin(path = '/login') {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'Log in' });
  return app;
}

describe('login screen', () => {
  it('shows the spec’s texts when submitted empty, and sends nothing', async () => {
    const fetchMock = mockFetch();
    const { user } = await openLogin();

    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.title).toBe('Log in · Pie');
  });

  it('shows the spec’s texts for an invalid e-mail and a short password', async () => {
    mockFetch();
    const { user } = await openLogin();

    await user.type(screen.getByLabelText(/^Email/), 'ada.example.com');
    await user.type(screen.getByLabelText(/^Password/), '1234567');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(screen.getByText('Please enter a valid email')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
  });

  it('shows the server’s message when the login is refused, and stays on the page', async () => {
    const fetchMock = mockFetch(
      jsonResponse(
        { success: false, statusCode: 401, message: 'Please verify your e-mail before logging in' },
        401,
      ),
    );
    const { user, router } = await openLogin();

    await user.type(screen.getByLabelText(/^Email/), 'Ada@Example.com ');
    await user.type(screen.getByLabelText(/^Password/), 'analytical-engine');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Please verify your e-mail before logging in');
    expect(router.state.location.pathname).toBe('/login');
    const request = sentRequest(fetchMock);
    expect(new URL(request.url).pathname).toBe('/api/auth/login');
    expect(await request.json()).toEqual({ email: 'Ada@Example.com', password: 'analytical-engine' });
  });

  it('takes the fan to the dashboard after logging in', async () => {
    mockFetch(jsonResponse({ success: true, message: 'Logged in' }), jsonResponse({ success: true, data: ada }));
    const { user, router } = await openLogin();

    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'analytical-engine');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends a visitor without a session from the dashboard to log in, and back afterwards', async () => {
    mockFetch(
      jsonResponse({ success: false, statusCode: 401, message: 'Not signed in' }, 401),
      jsonResponse({ success: true, message: 'Logged in' }),
      jsonResponse({ success: true, data: ada }),
    );
    const { user, router } = renderApp('/dashboard?from=email');

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');

    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'analytical-engine');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/dashboard?from=email');
  });
});
