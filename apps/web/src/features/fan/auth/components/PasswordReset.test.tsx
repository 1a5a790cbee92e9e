import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EMAIL_TOKEN } from '@web/test/fixtures';
import { deferred, jsonResponse, mockRoutes, renderApp, requestsTo } from '@web/test/render';

const RESET = `POST /api/auth/reset-password/${EMAIL_TOKEN}`;
const FORGOT = 'POST /api/auth/forgot-password';

async function openReset(token = EMAIL_TOKEN) {
  const app = renderApp(`/auth/fans/reset-password/${token}`);
  await screen.findByRole('heading', { name: 'Choose a new password' });
  return app;
}

describe('fan password reset link', () => {
  it('shows spec §5’s password texts and sends nothing while the form is invalid', async () => {
    const fetchMock = mockRoutes({});
    const { user } = await openReset();

    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Confirm password is required')).toBeTruthy();

    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm password/), 'shorter');
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Passwords must match')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.title).toBe('Reset your password · Pie');
  });

  it('sends the new password for the link’s token, then offers to log in', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockRoutes({ [RESET]: () => answer.promise });
    const { user } = await openReset();

    await user.type(screen.getByLabelText(/^New password/), 'difference-engine');
    await user.type(screen.getByLabelText(/^Confirm password/), 'difference-engine');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('button', { name: 'Resetting password...' })).toHaveProperty('disabled', true);
    const [request] = requestsTo(fetchMock, RESET);
    expect(await request!.json()).toEqual({ password: 'difference-engine' });

    answer.resolve(jsonResponse({ success: true, message: 'Your password has been changed. Log in with the new one.' }));

    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeTruthy();
    expect(screen.getByText('Your password has been changed. Log in with the new one.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('shows the server’s reason when the link expired or was used, with a way to ask for a new one', async () => {
    mockRoutes({
      [RESET]: jsonResponse(
        { success: false, statusCode: 400, message: 'This link has expired. Please request a new one.' },
        400,
      ),
    });
    const { user } = await openReset();

    await user.type(screen.getByLabelText(/^New password/), 'difference-engine');
    await user.type(screen.getByLabelText(/^Confirm password/), 'difference-engine');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect((await screen.findByRole('alert')).textContent).toBe('This link has expired. Please request a new one.');
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
  });

  it('does not send a malformed token', async () => {
    const fetchMock = mockRoutes({});
    renderApp('/auth/fans/reset-password/not-a-token');

    expect((await screen.findByRole('alert')).textContent).toBe('This link is not valid');
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgot-password');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('fan forgot password', () => {
  it('checks the e-mail, sends it, and shows the same neutral confirmation for any address', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = mockRoutes({
      [FORGOT]: jsonResponse({
        success: true,
        message: 'If an account exists for this e-mail, we sent it a link to reset the password.',
      }),
    });
    const { user } = renderApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot your password?' });

    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Email is required')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Email/), 'ada@');
    expect(screen.getByText('Please enter a valid email')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Email/), 'example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(
      screen.getByText('If an account exists for this e-mail, we sent it a link to reset the password.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('/login');
    const [request] = requestsTo(fetchMock, FORGOT);
    expect(await request!.json()).toEqual({ email: 'ada@example.com' });
  });

  it('shows the rate limit’s message and lets the fan try again', async () => {
    mockRoutes({
      [FORGOT]: jsonResponse(
        { success: false, statusCode: 429, message: 'Too many attempts. Please wait 120 seconds and try again.' },
        429,
      ),
    });
    const { user } = renderApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot your password?' });

    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Please wait 120 seconds and try again.'),
    );
    expect(screen.getByRole('button', { name: 'Send reset link' })).toHaveProperty('disabled', false);
  });

  it('is linked from the login screen', async () => {
    const { user, router } = renderApp('/login');

    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));

    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });
});
