import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '@web/shared/browser';
import { createCaptchaClient, setCaptchaClient, type CaptchaClient } from '@web/shared/captcha';
import { deferred, jsonResponse, mockRoutes, renderApp, requestsTo } from '@web/test/render';

const AVAILABILITY = 'GET /api/stripe/promoAvailability';
const REGISTER = 'POST /api/auth/register';

const available = (remaining: number) =>
  jsonResponse({ success: true, message: 'Promotion codes are available', data: { available: true, remaining } });

/** A captcha client that hands out a recognisable token per action. */
function fakeCaptcha(getToken: CaptchaClient['getToken']): CaptchaClient {
  return { enabled: true, load: async () => {}, isReady: () => true, execute: async () => 'unused', getToken };
}

let undoCaptcha: (() => void) | null = null;
let assign: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  undoCaptcha?.();
  undoCaptcha = null;
});

async function fillRegistration(user: UserEvent) {
  await user.type(screen.getByLabelText(/^First name/), 'Ada');
  await user.type(screen.getByLabelText(/^Last name/), 'Lovelace');
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'analytical-engine');
  await user.type(screen.getByLabelText(/^Confirm password/), 'analytical-engine');
}

describe('/try: checking', () => {
  it('shows a spinner and the checking text while it asks how many codes are left', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockRoutes({ [AVAILABILITY]: () => answer.promise });
    renderApp('/try');

    const text = await screen.findByText('Checking promotion code availability...');
    expect(text.closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(requestsTo(fetchMock, AVAILABILITY)).toHaveLength(1));

    answer.resolve(available(3));
    expect(await screen.findByRole('heading', { name: 'Get a free $5 pie' })).toBeTruthy();
    expect(document.title).toBe('Free $5 pie · Pie');
  });

  it('sends the check_promo_availability token with the check when a captcha is configured', async () => {
    const getToken = vi.fn(async (action: string) => `token-for-${action}`);
    undoCaptcha = setCaptchaClient(fakeCaptcha(getToken));
    const fetchMock = mockRoutes({ [AVAILABILITY]: available(2) });
    renderApp('/try');

    await screen.findByRole('heading', { name: 'Get a free $5 pie' });
    const [request] = requestsTo(fetchMock, AVAILABILITY);
    expect(new URL(request!.url).searchParams.get('recaptchaToken')).toBe('token-for-check_promo_availability');
  });
});

describe('/try: unavailable', () => {
  it('says no codes are left, with a button to the homepage', async () => {
    mockRoutes({
      [AVAILABILITY]: jsonResponse({
        success: true,
        message: 'No promotion codes are available',
        data: { available: false, remaining: 0 },
      }),
    });
    renderApp('/try');

    expect(await screen.findByRole('heading', { name: 'No promotion codes are available' })).toBeTruthy();
    expect(screen.getByText('Please try later or contact our support')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to homepage' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('treats a failed check as unavailable and shows the server’s message', async () => {
    mockRoutes({
      [AVAILABILITY]: jsonResponse(
        { success: false, statusCode: 429, message: 'Too many attempts. Please wait 60 seconds and try again.' },
        429,
      ),
    });
    renderApp('/try');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait 60 seconds and try again.',
    );
    expect(screen.getByRole('heading', { name: 'No promotion codes are available' })).toBeTruthy();
  });

  it('says the check failed when the server gave no message', async () => {
    mockRoutes({
      [AVAILABILITY]: new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    });
    renderApp('/try');

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to check promotion code availability');
    expect(screen.getByRole('heading', { name: 'No promotion codes are available' })).toBeTruthy();
  });

  it('says reCAPTCHA is not available when the captcha cannot load, without asking the server', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    undoCaptcha = setCaptchaClient(createCaptchaClient({ siteKey: 'site-key' }));
    const fetchMock = mockRoutes({});
    renderApp('/try');

    await waitFor(() => expect(document.getElementById('pie-recaptcha-script')).not.toBeNull());
    document.getElementById('pie-recaptcha-script')!.dispatchEvent(new Event('error'));

    expect((await screen.findByRole('alert')).textContent).toBe('reCAPTCHA not available');
    expect(screen.getByRole('heading', { name: 'No promotion codes are available' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('/try: offer', () => {
  it('offers the free $5 pie with the TRYMYPIE code, the codes left, social buttons, the form and links', async () => {
    mockRoutes({ [AVAILABILITY]: available(7) });
    renderApp('/try');

    expect(await screen.findByRole('heading', { name: 'Get a free $5 pie' })).toBeTruthy();
    expect(screen.getByText('7 codes remaining')).toBeTruthy();
    expect(screen.getByText('TRYMYPIE')).toBeTruthy();
    const socialNames = screen
      .getAllByRole('button', { name: /^Continue with / })
      .map((button) => button.textContent);
    expect(socialNames).toEqual([
      'Continue with Google',
      'Continue with Spotify',
      'Continue with X',
      'Continue with Facebook',
    ]);
    expect(screen.getByRole('form', { name: 'Create account with the free pie' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Register without the promotion' }).getAttribute('href')).toBe(
      '/register',
    );
  });

  it('says "1 code remaining" for the last code', async () => {
    mockRoutes({ [AVAILABILITY]: available(1) });
    renderApp('/try');

    expect(await screen.findByText('1 code remaining')).toBeTruthy();
  });

  it('sends social sign-up to the provider with promo=try, the device type and the provider’s captcha token', async () => {
    const getToken = vi.fn(async (action: string) => `token-for-${action}`);
    undoCaptcha = setCaptchaClient(fakeCaptcha(getToken));
    mockRoutes({ [AVAILABILITY]: available(4) });
    const { user } = renderApp('/try');

    await user.click(await screen.findByRole('button', { name: 'Continue with Spotify' }));

    expect(assign).toHaveBeenCalledTimes(1);
    const target = new URL(String(assign.mock.calls[0]![0]), 'http://localhost');
    expect(target.pathname).toBe('/api/auth/loginSpotify');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      recaptchaToken: 'token-for-spotify_login',
      deviceType: 'desktop',
      promo: 'try',
    });

    await user.click(screen.getByRole('button', { name: 'Continue with X' }));
    expect(assign).toHaveBeenCalledTimes(1); // still leaving for Spotify
  });

  it('names the provider and stops loading when social sign-up cannot start', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    undoCaptcha = setCaptchaClient(
      fakeCaptcha(async (action) => {
        if (action === 'twitter_login') throw new Error('Recaptcha script is not available');
        return `token-for-${action}`;
      }),
    );
    mockRoutes({ [AVAILABILITY]: available(4) });
    const { user } = renderApp('/try');

    await user.click(await screen.findByRole('button', { name: 'Continue with X' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to initialize Twitter registration. Please try again.',
    );
    expect(assign).not.toHaveBeenCalled();
    for (const button of screen.getAllByRole('button', { name: /^Continue with / })) {
      expect(button).toHaveProperty('disabled', false);
    }
  });

  it('shows the error a social sign-up came back with, in spec §8’s words', async () => {
    mockRoutes({ [AVAILABILITY]: available(4) });
    renderApp('/try?error=promo_used');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have already used the free PIE promotion. Each user can only use this offer once.',
    );
    expect(screen.getByRole('heading', { name: 'Get a free $5 pie' })).toBeTruthy();
  });
});

describe('/try: registering', () => {
  it('registers with promo "try", then welcomes the fan and asks them to check their e-mail', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockRoutes({ [AVAILABILITY]: available(5), [REGISTER]: () => answer.promise });
    const { user } = renderApp('/try');
    await screen.findByRole('heading', { name: 'Get a free $5 pie' });

    await fillRegistration(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('button', { name: 'Creating account...' })).toHaveProperty('disabled', true);
    const [request] = requestsTo(fetchMock, REGISTER);
    expect(await request!.json()).toEqual({
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      password: 'analytical-engine',
      accepted_terms_and_conditions: true,
      promo: 'try',
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });

    answer.resolve(jsonResponse({ success: true, data: { email: 'ada@example.com' } }, 201));

    expect(await screen.findByRole('heading', { name: 'Welcome to Pie, Ada!' })).toBeTruthy();
    const status = screen.getByRole('status');
    expect(
      within(status).getByText(
        'Your account has been created successfully and your free promotional code has been applied.',
      ),
    ).toBeTruthy();
    expect(status.textContent).toContain('Please check your e-mail');
    expect(status.textContent).toContain('ada@example.com');
    expect(screen.getByRole('link', { name: 'Go to log in' }).getAttribute('href')).toBe('/login');
  });

  it('returns to the offer with the promotion-used text when the server says so', async () => {
    mockRoutes({
      [AVAILABILITY]: available(5),
      [REGISTER]: jsonResponse(
        { success: false, statusCode: 409, message: 'This account has already used the free PIE promotion' },
        409,
      ),
    });
    const { user } = renderApp('/try');
    await screen.findByRole('heading', { name: 'Get a free $5 pie' });

    await fillRegistration(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have already used the free PIE promotion. Each user can only use this offer once.',
    );
    expect(screen.getByRole('heading', { name: 'Get a free $5 pie' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create account' })).toHaveProperty('disabled', false);
  });

  it('returns to the offer with the server’s message, or the fallback when there is none', async () => {
    mockRoutes({
      [AVAILABILITY]: available(5),
      [REGISTER]: [
        jsonResponse({ success: false, statusCode: 409, message: 'No promotion codes are available' }, 409),
        new Response('<html>oops</html>', { status: 500, headers: { 'Content-Type': 'text/html' } }),
      ],
    });
    const { user } = renderApp('/try');
    await screen.findByRole('heading', { name: 'Get a free $5 pie' });
    await fillRegistration(user);

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No promotion codes are available');
    expect(screen.getByText('5 codes remaining')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Registration failed. Please try again.'),
    );
    expect(screen.getByRole('heading', { name: 'Get a free $5 pie' })).toBeTruthy();
  });
});
