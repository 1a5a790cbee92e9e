import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxRecaptchaToken, SANDBOX_RECAPTCHA_SECRET } from '../../../apps/sandbox/src/recaptcha/recaptcha.js';
import { TestPlatform } from '../../support/test-platform.js';
import { makeFanRegistration } from '../../support/factories.js';
import { makeAccount } from '../../support/accounts.js';
import { openSql, type Sql } from '../../support/sql.js';

/** With a secret configured, reCAPTCHA tokens are checked with the provider (the sandbox stand-in). */
describe('reCAPTCHA checks', () => {
  let platform: TestPlatform;
  let sql: Sql;

  beforeAll(async () => {
    // Limits on, as in production (the file stays under each route's per-IP limit).
    platform = await TestPlatform.start({
      label: 'captcha',
      worker: false,
      env: { RECAPTCHA_SECRET: SANDBOX_RECAPTCHA_SECRET, RATE_LIMIT_ENABLED: 'true' },
      recaptchaFromSandbox: true,
    });
    sql = openSql(platform.database.url);
  });
  afterAll(async () => {
    await sql?.close();
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

  it('after many wrong passwords for one account, a login needs the captcha; the owner passes it and gets in', async () => {
    const email = `guessed-${Date.now()}@example.test`;
    const fan = await makeAccount(sql, 'fan', { email });
    // Ten wrong guesses (by someone else) in the last minutes.
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await platform.request('POST', '/api/auth/login', { body: { email, password: `guess ${attempt}`, recaptchaToken: sandboxRecaptchaToken('login') } })).status).toBe(401);
    }
    const withoutToken = await platform.request('POST', '/api/auth/login', { body: { email, password: fan.password } });
    expect(withoutToken.status).toBe(400);
    expect(withoutToken.body.message).toMatch(/reCAPTCHA/);
    const wrongAction = await platform.request('POST', '/api/auth/login', { body: { email, password: fan.password, recaptchaToken: sandboxRecaptchaToken('email_register') } });
    expect(wrongAction.status).toBe(400);
    const owner = await platform.request('POST', '/api/auth/login', { body: { email, password: fan.password, recaptchaToken: sandboxRecaptchaToken('login') } });
    expect(owner.status).toBe(200);
    // Another account is not affected by this one's count.
    const other = await makeAccount(sql, 'fan');
    expect((await platform.request('POST', '/api/auth/login', { body: { email: other.email, password: other.password } })).status).toBe(200);
  });
});
