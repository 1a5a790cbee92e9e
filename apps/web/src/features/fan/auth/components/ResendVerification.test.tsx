import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockRoutes, renderApp, requestsTo } from '@web/test/render';

/** Issue 16 item 3: a new verification link where a fan waiting for one is. */
const RESENT = 'If this e-mail has an account waiting to be verified, we sent it a new link.';

describe('sending the verification link again', () => {
  it('from the check-your-inbox screen after signing up', async () => {
    const fetchMock = mockRoutes({
      'POST /api/auth/register': jsonResponse({ success: true, data: { email: 'ada@example.com' } }, 201),
      'POST /api/auth/resend-verification': jsonResponse({ success: true, message: RESENT }),
    });
    const { user } = renderApp('/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    await user.type(screen.getByLabelText(/^First name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'analytical-engine');
    await user.type(screen.getByLabelText(/^Confirm password/), 'analytical-engine');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { name: 'Check your e-mail' });

    await user.click(screen.getByRole('button', { name: 'Send the link again' }));

    expect(await screen.findByText(RESENT)).toBeTruthy();
    expect(await requestsTo(fetchMock, 'POST /api/auth/resend-verification')[0]!.json()).toMatchObject({ email: 'ada@example.com' });
    expect((screen.getByRole('button', { name: 'Link sent' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('from the login refused for an unverified e-mail', async () => {
    const fetchMock = mockRoutes({
      'POST /api/auth/login': jsonResponse(
        { success: false, statusCode: 403, message: 'Please verify your e-mail address before logging in. We sent you a link when you registered.' },
        403,
      ),
      'POST /api/auth/resend-verification': jsonResponse({ success: true, message: RESENT }),
    });
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Log in' });
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'analytical-engine');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/verify your e-mail/);

    await user.click(screen.getByRole('button', { name: 'Send the link again' }));

    await waitFor(() => expect(requestsTo(fetchMock, 'POST /api/auth/resend-verification')).toHaveLength(1));
    expect(await screen.findByText(RESENT)).toBeTruthy();
  });

  it('is not offered when the login failed for a wrong password', async () => {
    mockRoutes({
      'POST /api/auth/login': jsonResponse({ success: false, statusCode: 401, message: 'Incorrect e-mail or password' }, 401),
    });
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Log in' });
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'analytical-engine');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect e-mail or password');

    expect(screen.queryByRole('button', { name: 'Send the link again' })).toBeNull();
  });
});
