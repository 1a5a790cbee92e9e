import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../../../shared/browser';
import { renderApp } from '../../../../test/render';

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
  ])('%s shows the message a failed sign-in came back with', async (path, heading) => {
    const message = 'Sign-in was cancelled.';
    renderApp(`${path}?error=${encodeURIComponent(message)}`);
    await screen.findByRole('heading', { name: heading });

    expect(screen.getByRole('alert').textContent).toBe(message);
  });
});
