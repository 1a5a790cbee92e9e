import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '@web/shared/browser';
import { EMAIL_TOKEN, makeArtistUser } from '@web/test/fixtures';
import { deferred, jsonResponse, mockRoutes, renderApp, requestsTo } from '@web/test/render';

const USER = 'GET /api/for-artists/user';
const CLAIMS = 'GET /api/for-artists/claims';
const noClaims = () => jsonResponse({ success: true, data: [] });
const LOGIN = 'POST /api/for-artists/auth/login';
const notSignedIn = () => jsonResponse({ success: false, statusCode: 401, message: 'You are not signed in' }, 401);
const artist = (overrides: Parameters<typeof makeArtistUser>[0] = {}) =>
  jsonResponse({ success: true, data: makeArtistUser(overrides) });

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

async function logIn(user: UserEvent) {
  await user.type(screen.getByLabelText(/^Email/), 'nina@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'feeling-good');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('artist area guard', () => {
  it('sends a visitor without a session to /for-artists/login, then back where they were going', async () => {
    const fetchMock = mockRoutes({
      [USER]: [notSignedIn(), artist()],
      [LOGIN]: artist(),
    });
    const { user, router, store } = renderApp('/for-artists/settings?tab=google');

    expect(await screen.findByRole('heading', { name: 'Artist log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/for-artists/login');
    expect(store.getState().artistSession.redirectTo).toBe('/for-artists/settings?tab=google');

    await logIn(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/for-artists/settings?tab=google');
    const [request] = requestsTo(fetchMock, LOGIN);
    expect(await request!.json()).toEqual({ email: 'nina@example.com', password: 'feeling-good' });
    expect(store.getState().artistSession.status).toBe('authenticated');
  });

  it('lands on /for-artists/artists after a plain login, with an honest empty state', async () => {
    mockRoutes({ [USER]: artist(), [LOGIN]: artist(), [CLAIMS]: noClaims() });
    const { user, router } = renderApp('/for-artists/login');
    await screen.findByRole('heading', { name: 'Artist log in' });

    await logIn(user);

    expect(await screen.findByText(/^No claims yet\./)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/for-artists/artists');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Nina' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Complete your profile' })).toBeNull();
  });

  it('prompts an artist whose profile is incomplete to complete it', async () => {
    mockRoutes({ [USER]: artist({ phone_number: null, country: null }), [LOGIN]: artist() });
    const { user } = renderApp('/for-artists/login');
    await screen.findByRole('heading', { name: 'Artist log in' });

    await logIn(user);

    const prompt = await screen.findByRole('region', { name: 'Complete your profile' });
    expect(prompt.textContent).toContain('Add your phone number and country');
    expect(within(prompt).getByRole('link', { name: 'Update your profile' }).getAttribute('href')).toBe(
      '/for-artists/profile/update',
    );
  });

  it('shows the server’s reason when the login is refused', async () => {
    mockRoutes({
      [LOGIN]: jsonResponse({ success: false, statusCode: 401, message: 'Incorrect e-mail or password' }, 401),
    });
    const { user, router } = renderApp('/for-artists/login');
    await screen.findByRole('heading', { name: 'Artist log in' });

    await logIn(user);

    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect e-mail or password');
    expect(router.state.location.pathname).toBe('/for-artists/login');
  });

  it('on a 401 from any other call, follows spec §8: to /for-artists, remembering the page', async () => {
    mockRoutes({
      [USER]: artist({ linked_accounts: [{ provider: 'google', email: 'nina@gmail.com', display_name: 'Nina' }] }),
      'POST /api/for-artists/auth/disconnect-google': notSignedIn(),
    });
    const { user, router, store } = renderApp('/for-artists/settings');

    await user.click(await screen.findByRole('button', { name: 'Disconnect Google' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Pie for artists' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/for-artists');
    expect(screen.getByText('Your session has ended. Log in again to continue where you were.')).toBeTruthy();
    expect(store.getState().artistSession).toEqual({ status: 'anonymous', redirectTo: '/for-artists/settings' });
  });

  it('sends unknown artist paths to /for-artists', async () => {
    const { router } = renderApp('/for-artists/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Pie for artists' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/for-artists');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/for-artists/login');
  });

  it('logs out and returns to the artist login', async () => {
    const fetchMock = mockRoutes({
      [USER]: artist(),
      'POST /api/for-artists/auth/logout': jsonResponse({ success: true, message: 'Logged out' }),
    });
    const { user, router, store } = renderApp('/for-artists/artists');

    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('heading', { name: 'Artist log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/for-artists/login');
    expect(requestsTo(fetchMock, 'POST /api/for-artists/auth/logout')).toHaveLength(1);
    expect(store.getState().artistSession.status).toBe('anonymous');
  });
});

describe('artist registration and e-mail links', () => {
  it('registers with the fan registration’s rules and texts', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockRoutes({ 'POST /api/for-artists/auth/register': () => answer.promise });
    const { user } = renderApp('/for-artists/register');
    await screen.findByRole('heading', { name: 'Create your artist account' });

    for (const label of [/^First name/, /^Last name/, /^Email/, /^Password/, /^Confirm password/]) {
      await user.click(screen.getByLabelText(label));
    }
    await user.click(document.body);
    for (const text of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Password is required',
      'Confirm password is required',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Create account' })).toHaveProperty('disabled', true);

    await user.type(screen.getByLabelText(/^First name/), 'Nina');
    await user.type(screen.getByLabelText(/^Last name/), 'Simone');
    await user.type(screen.getByLabelText(/^Email/), 'nina@');
    await user.type(screen.getByLabelText(/^Password/), 'feeling-good');
    await user.type(screen.getByLabelText(/^Confirm password/), 'feeling-bad!');
    expect(screen.getByText('Invalid email')).toBeTruthy();
    expect(screen.getByText('Passwords must match')).toBeTruthy();

    await user.type(screen.getByLabelText(/^Email/), 'example.com');
    await user.clear(screen.getByLabelText(/^Confirm password/));
    await user.type(screen.getByLabelText(/^Confirm password/), 'feeling-good');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeTruthy();
    const [request] = requestsTo(fetchMock, 'POST /api/for-artists/auth/register');
    expect(await request!.json()).toEqual({
      email: 'nina@example.com',
      first_name: 'Nina',
      last_name: 'Simone',
      password: 'feeling-good',
      accepted_terms_and_conditions: true,
    });
    answer.resolve(jsonResponse({ success: true, data: { email: 'nina@example.com' } }, 201));

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to log in' }).getAttribute('href')).toBe('/for-artists/login');
  });

  it('verifies the artist e-mail link once, then offers the artist login', async () => {
    const fetchMock = mockRoutes({
      [`POST /api/for-artists/auth/verify-email/${EMAIL_TOKEN}`]: jsonResponse({ success: true }),
    });
    renderApp(`/auth/for-artists/verify-email/${EMAIL_TOKEN}`);

    expect(await screen.findByRole('heading', { name: 'Your e-mail is verified' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/for-artists/login');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('resets the artist password through the artist route', async () => {
    const route = `POST /api/for-artists/auth/reset-password/${EMAIL_TOKEN}`;
    const fetchMock = mockRoutes({ [route]: jsonResponse({ success: true, message: 'Your password has been changed. Log in with the new one.' }) });
    const { user } = renderApp(`/auth/for-artists/reset-password/${EMAIL_TOKEN}`);
    await screen.findByRole('heading', { name: 'Choose a new password' });

    await user.type(screen.getByLabelText(/^New password/), 'feeling-good');
    await user.type(screen.getByLabelText(/^Confirm password/), 'feeling-good');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/for-artists/login');
    expect(await requestsTo(fetchMock, route)[0]!.json()).toEqual({ password: 'feeling-good' });
  });

  it('asks for an artist reset link with the neutral answer', async () => {
    const route = 'POST /api/for-artists/auth/forgot-password';
    const fetchMock = mockRoutes({
      [route]: jsonResponse({ success: true, message: 'If an account exists for this e-mail, we sent it a link to reset the password.' }),
    });
    const { user } = renderApp('/for-artists/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot your password?' });

    await user.type(screen.getByLabelText(/^Email/), 'nina@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('/for-artists/login');
    expect(requestsTo(fetchMock, route)).toHaveLength(1);
  });
});

describe('artist complete registration', () => {
  it('refuses a missing or malformed invitation token without calling the server', async () => {
    const fetchMock = mockRoutes({});
    renderApp('/for-artists/complete-registration?token=short');

    expect((await screen.findByRole('alert')).textContent).toBe('This invitation link is not valid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sets the name and password, then opens the artist area', async () => {
    const route = 'POST /api/for-artists/auth/complete-registration';
    const fetchMock = mockRoutes({
      [route]: jsonResponse({ success: true, message: 'Your account is ready.', data: makeArtistUser({ phone_number: null }) }),
      [USER]: artist({ phone_number: null }),
      [CLAIMS]: noClaims(),
    });
    const { user, router } = renderApp(`/for-artists/complete-registration?token=${EMAIL_TOKEN}`);
    await screen.findByRole('heading', { name: 'Complete your registration' });

    await user.click(screen.getByRole('button', { name: 'Complete registration' }));
    expect(screen.getByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();

    await user.type(screen.getByLabelText(/^First name/), 'Nina');
    await user.type(screen.getByLabelText(/^Last name/), 'Simone');
    await user.type(screen.getByLabelText(/^Password/), 'feeling-good');
    await user.type(screen.getByLabelText(/^Confirm password/), 'feeling-good');
    await user.click(screen.getByRole('button', { name: 'Complete registration' }));

    expect(await screen.findByText(/^No claims yet\./)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/for-artists/artists');
    expect(await requestsTo(fetchMock, route)[0]!.json()).toEqual({
      token: EMAIL_TOKEN,
      first_name: 'Nina',
      last_name: 'Simone',
      password: 'feeling-good',
    });
  });

  it('shows the server’s reason when the invitation was used or expired', async () => {
    mockRoutes({
      'POST /api/for-artists/auth/complete-registration': jsonResponse(
        { success: false, statusCode: 400, message: 'This link is not valid or has already been used.' },
        400,
      ),
    });
    const { user } = renderApp(`/for-artists/complete-registration?token=${EMAIL_TOKEN}`);
    await screen.findByRole('heading', { name: 'Complete your registration' });

    await user.type(screen.getByLabelText(/^First name/), 'Nina');
    await user.type(screen.getByLabelText(/^Last name/), 'Simone');
    await user.type(screen.getByLabelText(/^Password/), 'feeling-good');
    await user.type(screen.getByLabelText(/^Confirm password/), 'feeling-good');
    await user.click(screen.getByRole('button', { name: 'Complete registration' }));

    expect((await screen.findByRole('alert')).textContent).toBe('This link is not valid or has already been used.');
  });
});

describe('artist settings', () => {
  it('connects Google through the page the server names', async () => {
    mockRoutes({
      [USER]: artist(),
      'POST /api/for-artists/auth/link-google': jsonResponse({
        success: true,
        data: { url: 'http://localhost:4000/google/authorize?state=xyz' },
      }),
    });
    const { user } = renderApp('/for-artists/settings');

    await user.click(await screen.findByRole('button', { name: 'Connect Google' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:4000/google/authorize?state=xyz'));
  });

  it('shows a linked Google account on return, and the server’s reason when it cannot be disconnected', async () => {
    const reason =
      'You cannot disconnect your only way to sign in. Set a password (use "Forgot password") or link another account first.';
    mockRoutes({
      [USER]: artist({ linked_accounts: [{ provider: 'google', email: 'nina@gmail.com', display_name: 'Nina' }] }),
      'POST /api/for-artists/auth/disconnect-google': jsonResponse({ success: false, statusCode: 409, message: reason }, 409),
    });
    const { user } = renderApp('/for-artists/settings?linked=google');

    expect(await screen.findByText('Google is now linked to your account. You can use it to sign in.')).toBeTruthy();
    expect(screen.getByText('Connected as Nina (nina@gmail.com)')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Disconnect Google' }));

    expect((await screen.findByRole('alert')).textContent).toBe(reason);
  });

  it('deletes the account after confirmation and returns to /for-artists', async () => {
    const fetchMock = mockRoutes({
      [USER]: artist(),
      'DELETE /api/for-artists/auth/delete-account': jsonResponse({ success: true, message: 'Your account has been deleted.' }),
    });
    const { user, router, store } = renderApp('/for-artists/settings');

    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog.textContent).toContain('phone number, country and password');
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByText('Your account has been deleted.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/for-artists');
    expect(requestsTo(fetchMock, 'DELETE /api/for-artists/auth/delete-account')).toHaveLength(1);
    expect(requestsTo(fetchMock, USER)).toHaveLength(1);
    expect(store.getState().artistSession.status).toBe('anonymous');
  });
});
