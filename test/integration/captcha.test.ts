import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxRecaptchaToken, SANDBOX_RECAPTCHA_SECRET } from '../../apps/sandbox/src/recaptcha/recaptcha.js';
import { TestPlatform } from '../support/test-platform.js';
import { makeFanRegistration } from '../support/factories.js';

/** With a secret configured, reCAPTCHA tokens are checked with the provider (the sandbox stand-in). */
describe('reCAPTCHA checks', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'captcha', worker: false, env: { RECAPTCHA_SECRET: SANDBOX_RECAPTCHA_SECRET }, recaptchaFromSandbox: true });
  });
  afterAll(async () => {
    await platform?.close();
  });

  const register = (recaptchaToken?: string) =>
    platform.request('POST', '/api/auth/register', { body: makeFanRegistration(recaptchaToken ? { recaptchaToken } : {}) });

  it('accepts a fresh token for the right action', async () => {
    expect((await register(sandboxRecaptchaToken('email_register'))).status).toBe(201);
  });

  it('refuses a missing token, a token for another action, a bot score and a reused token', async () => {
    const failed = { statusCode: 400, message: 'reCAPTCHA verification failed. Please try again.' };
    expect((await register()).body).toMatchObject(failed);
    expect((await register(sandboxRecaptchaToken('spotify_login'))).body).toMatchObject(failed);
    expect((await register(sandboxRecaptchaToken('email_register', 'bot'))).body).toMatchObject(failed);
    const token = sandboxRecaptchaToken('email_register');
    expect((await register(token)).status).toBe(201);
    expect((await register(token)).body).toMatchObject(failed);
  });

  it('sends a social sign-in without a valid token back to the login page with the reason', async () => {
    const response = await platform.request('GET', '/api/auth/loginGoogle?deviceType=desktop');
    expect(response.status).toBe(302);
    const landing = new URL(String(response.headers.location), 'http://app');
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('error')).toBe('reCAPTCHA verification failed. Please try again.');
    const ok = await platform.request('GET', `/api/auth/loginGoogle?recaptchaToken=${sandboxRecaptchaToken('google_login')}`);
    expect(String(ok.headers.location)).toContain('/google/o/oauth2/v2/auth');
  });

  it('checks the promo availability token too', async () => {
    expect((await platform.request('GET', '/api/stripe/promoAvailability')).status).toBe(400);
    const ok = await platform.request('GET', `/api/stripe/promoAvailability?recaptchaToken=${sandboxRecaptchaToken('check_promo_availability')}`);
    expect(ok.status).toBe(200);
  });
});
