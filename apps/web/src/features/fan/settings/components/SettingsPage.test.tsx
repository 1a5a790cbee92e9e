import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '@web/shared/browser';
import { makeFanUser } from '@web/test/fixtures';
import { emptyListeningRoutes, jsonResponse, mockRoutes, renderApp, requestsTo } from '@web/test/render';

const USER = 'GET /api/user';
const spotify = { provider: 'spotify' as const, email: 'ada@example.com', display_name: 'Ada L' };
const google = { provider: 'google' as const, email: 'ada@gmail.com', display_name: 'Ada Lovelace' };

const userAnswer = (overrides: Parameters<typeof makeFanUser>[0] = {}) =>
  jsonResponse({ success: true, data: makeFanUser(overrides) });

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
});

async function openSettings(path = '/settings') {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  return app;
}

describe('fan settings: account and linked accounts', () => {
  it('shows the account and each provider with Connect or Disconnect', async () => {
    mockRoutes({
      ...emptyListeningRoutes(), [USER]: userAnswer({ linked_accounts: [spotify] }) });
    await openSettings();

    expect((screen.getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe('Ada');
    expect((screen.getByRole('textbox', { name: 'Last name' }) as HTMLInputElement).value).toBe('Lovelace');
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('Connected as Ada L (ada@example.com)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Disconnect Spotify' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect Google' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect X' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect Facebook' })).toBeTruthy();
    expect(document.title).toBe('Settings · Pie');
  });

  it('connects a provider by going to the page the server names', async () => {
    const fetchMock = mockRoutes({
      ...emptyListeningRoutes(),
      [USER]: userAnswer(),
      'POST /api/auth/link-google': jsonResponse({
        success: true,
        message: 'Continue at Google to link your account',
        data: { url: 'http://localhost:4000/google/authorize?state=abc' },
      }),
    });
    const { user } = await openSettings();

    await user.click(screen.getByRole('button', { name: 'Connect Google' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:4000/google/authorize?state=abc'));
    expect(requestsTo(fetchMock, 'POST /api/auth/link-google')).toHaveLength(1);
  });

  it('shows why linking could not start', async () => {
    mockRoutes({
      ...emptyListeningRoutes(),
      [USER]: userAnswer(),
      'POST /api/auth/link-twitter': jsonResponse(
        { success: false, statusCode: 503, message: 'X sign-in is not configured' },
        503,
      ),
    });
    const { user } = await openSettings();

    await user.click(screen.getByRole('button', { name: 'Connect X' }));

    expect((await screen.findByRole('alert')).textContent).toBe('X sign-in is not configured');
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Connect X' })).toHaveProperty('disabled', false);
  });

  it('disconnects a provider, then shows it as not connected', async () => {
    const fetchMock = mockRoutes({
      ...emptyListeningRoutes(),
      [USER]: [userAnswer({ linked_accounts: [spotify, google] }), userAnswer({ linked_accounts: [spotify] })],
      'POST /api/auth/disconnect-google': jsonResponse({ success: true, message: 'Disconnected Google' }),
    });
    const { user } = await openSettings();

    await user.click(screen.getByRole('button', { name: 'Disconnect Google' }));

    expect(await screen.findByRole('button', { name: 'Connect Google' })).toBeTruthy();
    expect(screen.getByText('Disconnected Google')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Disconnect Spotify' })).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST /api/auth/disconnect-google')).toHaveLength(1);
  });

  it('shows the server’s reason when the last way to sign in cannot be disconnected', async () => {
    const reason =
      'You cannot disconnect your only way to sign in. Set a password (use "Forgot password") or link another account first.';
    mockRoutes({
      ...emptyListeningRoutes(),
      [USER]: userAnswer({ linked_accounts: [spotify], has_password: false }),
      'POST /api/auth/disconnect-spotify': jsonResponse({ success: false, statusCode: 409, message: reason }, 409),
    });
    const { user } = await openSettings();

    await user.click(screen.getByRole('button', { name: 'Disconnect Spotify' }));

    expect((await screen.findByRole('alert')).textContent).toBe(reason);
    expect(screen.getByRole('button', { name: 'Disconnect Spotify' })).toHaveProperty('disabled', false);
  });

  it('shows that a provider was linked when it comes back with ?linked=, and forgets it when dismissed', async () => {
    mockRoutes({
      ...emptyListeningRoutes(), [USER]: userAnswer({ linked_accounts: [google] }) });
    const { user, router } = await openSettings('/settings?linked=google');

    const notice = screen.getByText('Google is now linked to your account. You can use it to sign in.');
    expect(notice).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));

    await waitFor(() => expect(screen.queryByText(/is now linked/)).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it('shows the error a linking round trip came back with', async () => {
    mockRoutes({
      ...emptyListeningRoutes(), [USER]: userAnswer() });
    await openSettings('/settings?error=already_linked');

    expect(screen.getByRole('alert').textContent).toContain('This account is already linked to another Pie account.');
  });
});

describe('fan settings: deleting the account', () => {
  it('explains what goes and what stays, and deletes only once DELETE is typed', async () => {
    const fetchMock = mockRoutes({
      ...emptyListeningRoutes(),
      [USER]: userAnswer(),
      'DELETE /api/auth/account': jsonResponse({ success: true, message: 'Your account has been deleted.' }),
    });
    const { user, router, store } = await openSettings();

    await user.click(screen.getByRole('button', { name: 'Delete account' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog.textContent).toContain('your name, e-mail address and password');
    expect(dialog.textContent).toContain('Your payment history is kept');
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toHaveProperty('disabled', true);

    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delete');
    expect(confirm).toHaveProperty('disabled', true);
    await user.clear(within(dialog).getByLabelText('Type DELETE to confirm'));
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    expect(confirm).toHaveProperty('disabled', false);
    expect(requestsTo(fetchMock, 'DELETE /api/auth/account')).toHaveLength(0);

    await user.click(confirm);

    expect(await screen.findByText(/Your account has been deleted/, {}, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(requestsTo(fetchMock, 'DELETE /api/auth/account')).toHaveLength(1);
    expect(store.getState().session.status).toBe('anonymous');
    // The deleted account is not asked for again, and nothing about it stays cached.
    await waitFor(() => expect(store.getState().api.queries).toEqual({}));
    expect(requestsTo(fetchMock, USER)).toHaveLength(1);
  });

  it('leaves the account alone when cancelled', async () => {
    const fetchMock = mockRoutes({
      ...emptyListeningRoutes(), [USER]: userAnswer() });
    const { user, router } = await openSettings();

    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/settings');
    expect(fetchMock.mock.calls.every(([input]) => (input as Request).method === 'GET')).toBe(true);
  });

  it('keeps the dialog open with the server’s reason when deletion fails', async () => {
    mockRoutes({
      ...emptyListeningRoutes(),
      [USER]: userAnswer(),
      'DELETE /api/auth/account': jsonResponse(
        { success: false, statusCode: 503, message: 'Pie is down for maintenance' },
        503,
      ),
    });
    const { user, router } = await openSettings();

    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Pie is down for maintenance');
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('sends a visitor without a session to log in', async () => {
    mockRoutes({
      ...emptyListeningRoutes(), [USER]: jsonResponse({ success: false, statusCode: 401, message: 'You are not signed in' }, 401) });
    const { router, store } = renderApp('/settings');

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().session.redirectTo).toBe('/settings');
  });
});

describe('fan settings: profile, verification, password (issue 16 item 3)', () => {
  const details = (visibility: Record<string, boolean>, username: string | null = 'ada') =>
    jsonResponse({
      success: true,
      data: {
        _id: 'fan_1',
        username,
        is_self: true,
        visibility: { profile: false, top_artists: false, top_tracks: false, recent_listening: false, ...visibility },
        beta: false,
        stats: { plays: 0, listened_ms: 0, artists: 0, first_played_at: null },
      },
    });

  it('switches one section of the profile public and shows the saved state after the round trip', async () => {
    const fetchMock = mockRoutes({
      ...emptyListeningRoutes(),
      [USER]: userAnswer({ _id: 'fan_1' }),
      'GET /api/user/details/fan_1': [details({}), details({ top_artists: true })],
      'PUT /api/user/visibility': jsonResponse({ success: true, message: 'Visibility saved' }),
    });
    const { user } = await openSettings();
    const topArtists = await screen.findByRole('switch', { name: /Top artists/ });
    expect((topArtists as HTMLInputElement).checked).toBe(false);

    await user.click(topArtists);

    await waitFor(() => expect(requestsTo(fetchMock, 'PUT /api/user/visibility')).toHaveLength(1));
    expect(await requestsTo(fetchMock, 'PUT /api/user/visibility')[0]!.json()).toEqual({ top_artists: true });
    await waitFor(() => expect((screen.getByRole('switch', { name: /Top artists/ }) as HTMLInputElement).checked).toBe(true));
    expect((screen.getByRole('switch', { name: /Top tracks/ }) as HTMLInputElement).checked).toBe(false);
    expect(requestsTo(fetchMock, 'GET /api/user/details/fan_1')).toHaveLength(2);
  });

  it('saves a username, and says why one is refused', async () => {
    const fetchMock = mockRoutes({
      ...emptyListeningRoutes(),
      [USER]: userAnswer({ _id: 'fan_1' }),
      'GET /api/user/details/fan_1': () => Promise.resolve(details({}, null)),
      'PUT /api/user/username': [
        jsonResponse({ success: false, statusCode: 409, message: 'This username is taken' }, 409),
        jsonResponse({ success: true, message: 'Username saved' }),
      ],
    });
    const { user } = await openSettings();
    const field = await screen.findByRole('textbox', { name: 'Username' });

    await user.type(field, 'ad!');
    await user.click(screen.getByRole('button', { name: 'Save username' }));
    expect(await screen.findByText('Username may contain only letters, digits, dots, dashes and underscores')).toBeTruthy();
    expect(requestsTo(fetchMock, 'PUT /api/user/username')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'ada.lovelace');
    await user.click(screen.getByRole('button', { name: 'Save username' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This username is taken');

    await user.click(screen.getByRole('button', { name: 'Save username' }));
    expect(await screen.findByText('Username saved.')).toBeTruthy();
    expect(await requestsTo(fetchMock, 'PUT /api/user/username')[1]!.json()).toEqual({ username: 'ada.lovelace' });
  });

  it('sends the verification link again to an unverified fan', async () => {
    const fetchMock = mockRoutes({
      ...emptyListeningRoutes(),
      [USER]: userAnswer({ _id: 'fan_1', email: 'ada@example.com', email_verified: false }),
      'GET /api/user/details/fan_1': () => Promise.resolve(details({})),
      'POST /api/auth/resend-verification': jsonResponse({
        success: true,
        message: 'If this e-mail has an account waiting to be verified, we sent it a new link.',
      }),
    });
    const { user } = await openSettings();

    await user.click(screen.getByRole('button', { name: 'Send the verification link again' }));

    expect(await screen.findByText('If this e-mail has an account waiting to be verified, we sent it a new link.')).toBeTruthy();
    expect(await requestsTo(fetchMock, 'POST /api/auth/resend-verification')[0]!.json()).toMatchObject({ email: 'ada@example.com' });
  });

  it('puts deleting the account last, and says the listening history goes with it', async () => {
    mockRoutes({
      ...emptyListeningRoutes(),
      [USER]: userAnswer({ _id: 'fan_1' }),
      'GET /api/user/details/fan_1': () => Promise.resolve(details({})),
    });
    const { user } = await openSettings();

    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.at(-1)).toBe('Delete account');
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    expect((await screen.findByRole('dialog')).textContent).toMatch(/your listening history/);
  });
});

describe('fan settings: name and password in place (issue 16 item 3)', () => {
  const ownProfile = () =>
    jsonResponse({
      success: true,
      data: {
        _id: 'fan_1',
        username: 'ada',
        is_self: true,
        visibility: { profile: false, top_artists: false, top_tracks: false, recent_listening: false },
        beta: false,
        stats: { plays: 0, listened_ms: 0, artists: 0, first_played_at: null },
      },
    });

  it('saves a new name, checks it first, and shows the name the server then returns', async () => {
    const fetchMock = mockRoutes({
      ...emptyListeningRoutes(),
      [USER]: [userAnswer({ _id: 'fan_1' }), userAnswer({ _id: 'fan_1', first_name: 'Augusta', last_name: 'King' })],
      'GET /api/user/details/fan_1': () => Promise.resolve(ownProfile()),
      'PUT /api/user/name': jsonResponse({ success: true, message: 'Name saved', data: makeFanUser({ _id: 'fan_1', first_name: 'Augusta', last_name: 'King' }) }),
    });
    const { user } = await openSettings();
    const first = screen.getByRole('textbox', { name: 'First name' });
    const last = screen.getByRole('textbox', { name: 'Last name' });
    expect(first.getAttribute('aria-required')).toBe('true');

    await user.clear(first);
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(requestsTo(fetchMock, 'PUT /api/user/name')).toHaveLength(0);

    await user.type(first, ' Augusta ');
    await user.clear(last);
    await user.type(last, 'King');
    await user.click(screen.getByRole('button', { name: 'Save name' }));

    expect(await screen.findByText('Name saved.')).toBeTruthy();
    expect(await requestsTo(fetchMock, 'PUT /api/user/name')[0]!.json()).toEqual({ first_name: 'Augusta', last_name: 'King' });
    await waitFor(() => expect(requestsTo(fetchMock, USER)).toHaveLength(2));
  });

  it('changes the password with the current one, and says under the field when the current one is wrong', async () => {
    const fetchMock = mockRoutes({
      ...emptyListeningRoutes(),
      [USER]: userAnswer({ _id: 'fan_1' }),
      'GET /api/user/details/fan_1': () => Promise.resolve(ownProfile()),
      'PUT /api/user/password': [
        jsonResponse(
          {
            success: false,
            statusCode: 400,
            code: 'identity.wrong-current-password',
            message: 'Your current password is not correct.',
            errors: { current_password: ['Your current password is not correct'] },
          },
          400,
        ),
        jsonResponse({ success: true, message: 'Password changed. Other devices have been signed out.' }),
      ],
    });
    const { user } = await openSettings();
    const form = screen.getByRole('form', { name: 'Change password' });
    const current = within(form).getByLabelText('Current password');
    const next = within(form).getByLabelText('New password');
    const repeat = within(form).getByLabelText('Confirm password');

    // Checked before anything is sent: a short new one, a confirmation that differs.
    await user.type(current, 'my old password');
    await user.type(next, 'short');
    await user.type(repeat, 'shorter');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('New password must be at least 8 characters')).toBeTruthy();
    expect(within(form).getByText('Passwords must match')).toBeTruthy();
    expect(requestsTo(fetchMock, 'PUT /api/user/password')).toHaveLength(0);

    await user.clear(next);
    await user.type(next, 'my old password');
    expect(await within(form).findByText('The new password must differ from the current one')).toBeTruthy();

    await user.clear(next);
    await user.type(next, 'a brand new passphrase');
    await user.clear(repeat);
    await user.type(repeat, 'a brand new passphrase');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(await within(form).findByText('Your current password is not correct')).toBeTruthy();
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(await requestsTo(fetchMock, 'PUT /api/user/password')[0]!.json()).toEqual({
      current_password: 'my old password',
      new_password: 'a brand new passphrase',
    });

    await user.clear(current);
    await user.type(current, 'my real password');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(await within(form).findByText('Password changed. Other devices have been signed out.')).toBeTruthy();
    expect((current as HTMLInputElement).value).toBe('');
    expect((next as HTMLInputElement).value).toBe('');
    expect(await requestsTo(fetchMock, 'PUT /api/user/password')[1]!.json()).toEqual({
      current_password: 'my real password',
      new_password: 'a brand new passphrase',
    });
  });

  it('offers to set a password, not to change one, to a fan who signs in with a linked account', async () => {
    mockRoutes({
      ...emptyListeningRoutes(),
      [USER]: userAnswer({ _id: 'fan_1', has_password: false, linked_accounts: [spotify] }),
      'GET /api/user/details/fan_1': () => Promise.resolve(ownProfile()),
    });
    await openSettings();
    expect(screen.queryByRole('form', { name: 'Change password' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Set a password' }).getAttribute('href')).toBe('/forgot-password');
  });
});
