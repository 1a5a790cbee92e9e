import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '@web/shared/browser';
import { makeFanUser } from '@web/test/fixtures';
import { emptyListeningRoutes, jsonResponse, mockRoutes, renderApp } from '@web/test/render';

let assign: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('social sign-in on /login and /register', () => {
  it.each([
    ['/login', 'Log in'],
    ['/register', 'Create your account'],
  ])('%s offers Spotify, Google, X and Facebook', async (path, heading) => {
    renderApp(path);
    await screen.findByRole('heading', { name: heading });

    const names = screen.getAllByRole('button', { name: /^Continue with / }).map((button) => button.textContent);
    expect(names).toEqual([
      'Continue with Spotify',
      'Continue with Google',
      'Continue with X',
      'Continue with Facebook',
    ]);
  });

  it('sends the browser to the provider’s sign-in with the device type, and no promotion', async () => {
    const { user } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Continue with Facebook' }));

    expect(assign).toHaveBeenCalledWith('/api/auth/loginFacebookFan?deviceType=desktop');
    expect(screen.getByRole('button', { name: 'Continue with Spotify' })).toHaveProperty('disabled', true);
  });

  it('uses the X sign-in for "Continue with X"', async () => {
    const { user } = renderApp('/register');

    await user.click(await screen.findByRole('button', { name: 'Continue with X' }));

    expect(assign).toHaveBeenCalledWith('/api/auth/loginTwitter?deviceType=desktop');
  });

  it.each([
    ['/login', 'Log in'],
    ['/register', 'Create your account'],
  ])('%s says in its own words why a sign-in came back, and cleans the address', async (path, heading) => {
    const { router } = renderApp(`${path}?error=already_linked`);
    await screen.findByRole('heading', { name: heading });

    expect(screen.getByRole('alert').textContent).toBe('This account is already linked to another Pie account.');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it.each([
    ['/login', 'Log in'],
    ['/register', 'Create your account'],
  ])('%s says a cancelled sign-in neutrally, not as an error', async (path, heading) => {
    renderApp(`${path}?error=cancelled`);
    await screen.findByRole('heading', { name: heading });

    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toMatch(/^Sign-in was cancelled\./);
  });

  it.each(['/login', '/register', '/try', '/settings', '/admin/auth/google/callback'])(
    '%s never shows text from the address: an unknown code reads as our generic failure',
    async (path) => {
      const spoof = 'Your account is locked. Call +1 555 0100 to unlock it';
      mockRoutes({
        ...emptyListeningRoutes(),
        'GET /api/user': () => Promise.resolve(jsonResponse({ success: true, data: makeFanUser() })),
        'GET /api/stripe/promoAvailability': () =>
          Promise.resolve(jsonResponse({ success: true, data: { available: true, remaining: 3 } })),
      });
      renderApp(`${path}?error=${encodeURIComponent(spoof)}`);

      expect((await screen.findByRole('alert', {}, { timeout: 5_000 })).textContent).toContain('Sign-in failed. Please try again.');
      expect(document.body.textContent).not.toContain('Call +1 555');
    },
  );
});
