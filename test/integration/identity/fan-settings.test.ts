import { SESSION_COOKIE } from '#pie/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, makeAccount } from '../../support/accounts.js';
import { openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';

/** Issue 16 item 3: the name and the password, changed in place from settings. */
describe('fan settings: name and password', () => {
  let platform: TestPlatform;
  let sql: Sql;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'fan-settings', worker: false });
    sql = openSql(platform.database.url);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  describe('PUT /api/user/name', () => {
    it('saves the trimmed name and answers the fan as GET /api/user shows them', async () => {
      const fan = await makeAccount(sql, 'fan');
      const { cookies } = await logIn(platform, fan);
      const saved = await platform.request('PUT', '/api/user/name', { cookies, body: { first_name: '  Ada ', last_name: 'Lovelace' } });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ success: true, message: 'Name saved', data: { _id: fan.id, first_name: 'Ada', last_name: 'Lovelace' } });
      const me = await platform.request('GET', '/api/user', { cookies });
      expect(me.body.data).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
    });

    it('refuses a blank, missing or too long name with 400 naming the field, and changes nothing', async () => {
      const fan = await makeAccount(sql, 'fan');
      const { cookies } = await logIn(platform, fan);
      const blank = await platform.request('PUT', '/api/user/name', { cookies, body: { first_name: '   ', last_name: 'Lovelace' } });
      expect(blank.status).toBe(400);
      expect(blank.body).toMatchObject({ success: false, code: 'validation-failed', errors: { first_name: ['First name is required'] } });
      const missing = await platform.request('PUT', '/api/user/name', { cookies, body: { first_name: 'Ada' } });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toMatchObject({ last_name: ['Last name is required'] });
      const long = await platform.request('PUT', '/api/user/name', { cookies, body: { first_name: 'A'.repeat(500), last_name: 'L' } });
      expect(long.status).toBe(400);
      const extra = await platform.request('PUT', '/api/user/name', { cookies, body: { first_name: 'Ada', last_name: 'L', email: 'x@example.test' } });
      expect(extra.status).toBe(400);
      const me = await platform.request('GET', '/api/user', { cookies });
      expect(me.body.data).toMatchObject({ first_name: 'Fia', last_name: 'Fan' });
    });

    it('needs a fan session and the CSRF token', async () => {
      const body = { first_name: 'Ada', last_name: 'Lovelace' };
      expect((await platform.request('PUT', '/api/user/name', { body })).status).toBe(401);
      const artist = await makeAccount(sql, 'artist');
      const { cookies: artistCookies } = await logIn(platform, artist);
      expect((await platform.request('PUT', '/api/user/name', { cookies: artistCookies, body })).status).toBe(401);
      const fan = await makeAccount(sql, 'fan');
      const { cookies } = await logIn(platform, fan);
      const forged = await platform.request('PUT', '/api/user/name', { cookies, body, csrf: false });
      expect(forged.status).toBe(403);
      expect(forged.body.code).toBe('csrf-invalid');
    });
  });

  describe('PUT /api/user/password', () => {
    it('changes the password: the new one logs in, the old one no longer does, other sessions end and this one stays', async () => {
      const fan = await makeAccount(sql, 'fan');
      const here = await logIn(platform, fan);
      const elsewhere = await logIn(platform, fan);
      const changed = await platform.request('PUT', '/api/user/password', {
        cookies: here.cookies,
        body: { current_password: fan.password, new_password: 'a brand new passphrase' },
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ success: true, message: 'Password changed. Other devices have been signed out.' });

      expect((await platform.request('GET', '/api/user', { cookies: here.cookies })).status).toBe(200);
      expect((await platform.request('GET', '/api/user', { cookies: elsewhere.cookies })).status).toBe(401);

      const oldLogin = await platform.request('POST', '/api/auth/login', { body: { email: fan.email, password: fan.password } });
      expect(oldLogin.status).toBe(401);
      const newLogin = await platform.request('POST', '/api/auth/login', { body: { email: fan.email, password: 'a brand new passphrase' } });
      expect(newLogin.status).toBe(200);
      expect(newLogin.cookies.some((cookie) => cookie.name === SESSION_COOKIE.fan)).toBe(true);
    });

    it('refuses a wrong current password with 400 identity.wrong-current-password and keeps the password and the sessions', async () => {
      const fan = await makeAccount(sql, 'fan');
      const here = await logIn(platform, fan);
      const elsewhere = await logIn(platform, fan);
      const refused = await platform.request('PUT', '/api/user/password', {
        cookies: here.cookies,
        body: { current_password: 'not my password at all', new_password: 'a brand new passphrase' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        success: false,
        code: 'identity.wrong-current-password',
        message: 'Your current password is not correct.',
        errors: { current_password: ['Your current password is not correct'] },
      });
      expect((await platform.request('GET', '/api/user', { cookies: elsewhere.cookies })).status).toBe(200);
      const login = await platform.request('POST', '/api/auth/login', { body: { email: fan.email, password: fan.password } });
      expect(login.status).toBe(200);
    });

    it('refuses a short, missing or unchanged new password with 400 naming the field', async () => {
      const fan = await makeAccount(sql, 'fan');
      const { cookies } = await logIn(platform, fan);
      const short = await platform.request('PUT', '/api/user/password', { cookies, body: { current_password: fan.password, new_password: 'short' } });
      expect(short.status).toBe(400);
      expect(short.body).toMatchObject({ code: 'validation-failed', errors: { new_password: [expect.stringMatching(/^New password must be at least \d+ characters$/)] } });
      const missing = await platform.request('PUT', '/api/user/password', { cookies, body: { new_password: 'a brand new passphrase' } });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toMatchObject({ current_password: ['Current password is required'] });
      const same = await platform.request('PUT', '/api/user/password', { cookies, body: { current_password: fan.password, new_password: fan.password } });
      expect(same.status).toBe(400);
      expect(same.body.errors).toMatchObject({ new_password: ['The new password must differ from the current one'] });
      const login = await platform.request('POST', '/api/auth/login', { body: { email: fan.email, password: fan.password } });
      expect(login.status).toBe(200);
    });

    it('answers 409 identity.no-password-set for an account made by a social sign-in', async () => {
      const fan = await makeAccount(sql, 'fan');
      const { cookies } = await logIn(platform, fan);
      await sql.query(`update identity.fans set password_hash = null where id = $1`, [fan.id]);
      const answer = await platform.request('PUT', '/api/user/password', { cookies, body: { current_password: 'anything at all', new_password: 'a brand new passphrase' } });
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe('identity.no-password-set');
    });

    it('needs a fan session and the CSRF token', async () => {
      const fan = await makeAccount(sql, 'fan');
      const body = { current_password: fan.password, new_password: 'a brand new passphrase' };
      expect((await platform.request('PUT', '/api/user/password', { body })).status).toBe(401);
      const { cookies } = await logIn(platform, fan);
      const forged = await platform.request('PUT', '/api/user/password', { cookies, body, csrf: false });
      expect(forged.status).toBe(403);
      const login = await platform.request('POST', '/api/auth/login', { body: { email: fan.email, password: fan.password } });
      expect(login.status).toBe(200);
    });
  });
});
