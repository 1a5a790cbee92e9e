import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#pie/identity';
import { SESSION_LIFETIME_MS } from '#pie/identity/testing';
import { linkIn, TestPlatform } from '../../support/test-platform.js';
import { openSql, type Sql } from '../../support/sql.js';
import { logIn, makeAccount, type AccountKind } from '../../support/accounts.js';

const ME: Record<AccountKind, string> = { fan: '/api/user', artist: '/api/for-artists/user', admin: '/api/admin/profile' };
const LOGOUT: Record<AccountKind, string> = { fan: '/api/auth/logout', artist: '/api/for-artists/auth/logout', admin: '/api/admin/auth/logout' };
const KINDS: AccountKind[] = ['fan', 'artist', 'admin'];

describe('sessions of the three kinds', () => {
  let platform: TestPlatform;
  let sql: Sql;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'sessions' });
    sql = openSql(platform.database.url);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  describe.each(KINDS)('a %s session', (kind) => {
    it('is an httpOnly, SameSite=Lax cookie on / that lives as long as the kind allows, not Secure on plain http', async () => {
      const account = await makeAccount(sql, kind);
      const before = Date.now();
      const { cookie } = await logIn(platform, account);
      expect(cookie).toMatchObject({ name: SESSION_COOKIE[kind], httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie.secure).toBeFalsy();
      const expires = new Date(cookie.expires as string).getTime();
      expect(expires).toBeGreaterThanOrEqual(before + SESSION_LIFETIME_MS[kind] - 2_000);
      expect(expires).toBeLessThanOrEqual(Date.now() + SESSION_LIFETIME_MS[kind] + 2_000);
      if (kind === 'admin') expect(SESSION_LIFETIME_MS.admin).toBe(7 * 24 * 3600_000);
    });

    it('opens its own area and is refused (401) on the other two', async () => {
      const account = await makeAccount(sql, kind);
      const { cookies } = await logIn(platform, account);
      for (const area of KINDS) {
        const response = await platform.request('GET', ME[area], { cookies });
        expect(response.status, `${kind} session on ${ME[area]}`).toBe(area === kind ? 200 : 401);
      }
    });

    it('ends on logout: the same cookie no longer opens anything', async () => {
      const account = await makeAccount(sql, kind);
      const { cookies } = await logIn(platform, account);
      expect((await platform.request('POST', LOGOUT[kind], { cookies })).status).toBe(200);
      const after = await platform.request('GET', ME[kind], { cookies });
      expect(after.status).toBe(401);
      expect(after.body).toMatchObject({ success: false, statusCode: 401, message: 'You are not signed in' });
    });
  });

  it('refuses a missing, unknown or expired session with 401', async () => {
    expect((await platform.request('GET', '/api/user')).status).toBe(401);
    expect((await platform.request('GET', '/api/user', { cookies: { [SESSION_COOKIE.fan]: 'not-a-session' } })).status).toBe(401);
    const account = await makeAccount(sql, 'fan');
    const { cookies } = await logIn(platform, account);
    await sql.query(`update identity.sessions set expires_at = now() - interval '1 second' where subject_id = $1`, [account.id]);
    expect((await platform.request('GET', '/api/user', { cookies })).status).toBe(401);
  });

  it('a password reset ends every session of the account', async () => {
    const account = await makeAccount(sql, 'artist');
    const first = await logIn(platform, account);
    const second = await logIn(platform, account);
    await platform.request('POST', '/api/for-artists/auth/forgot-password', { body: { email: account.email } });
    const mail = await platform.inbox.waitForMessage({ to: account.email, subjectIncludes: 'Reset', timeoutMs: 20_000 });
    const token = new URL(linkIn(mail.text, '/auth/for-artists/reset-password/')).pathname.split('/').pop();

    const reset = await platform.request('POST', `/api/for-artists/auth/reset-password/${token}`, { body: { password: 'a brand new password' } });
    expect(reset.status).toBe(200);
    for (const session of [first, second]) {
      expect((await platform.request('GET', ME.artist, { cookies: session.cookies })).status).toBe(401);
    }
    const again = await logIn(platform, { ...account, password: 'a brand new password' });
    expect((await platform.request('GET', ME.artist, { cookies: again.cookies })).status).toBe(200);
    const oldPassword = await platform.request('POST', '/api/for-artists/auth/login', { body: { email: account.email, password: account.password } });
    expect(oldPassword.status).toBe(401);
  });

  it('deleting the account ends its sessions and anonymises the person, keeping the row', async () => {
    const account = await makeAccount(sql, 'fan');
    const { cookies } = await logIn(platform, account);
    const other = await logIn(platform, account);
    const deleted = await platform.request('DELETE', '/api/auth/account', { cookies });
    expect(deleted.status).toBe(200);
    expect((await platform.request('GET', '/api/user', { cookies: other.cookies })).status).toBe(401);
    const [fan] = await sql.query(`select email, first_name, password_hash, deleted_at from identity.fans where id = $1`, [account.id]);
    expect(fan.email).not.toContain(account.email.split('@')[0]);
    expect(fan.password_hash).toBeNull();
    expect(fan.deleted_at).not.toBeNull();
    const login = await platform.request('POST', '/api/auth/login', { body: { email: account.email, password: account.password } });
    expect(login.status).toBe(401);
  });
});

describe('session cookies behind https', () => {
  it('are Secure when the public URL is https', async () => {
    const platform = await TestPlatform.start({ label: 'secure', worker: false, env: { PUBLIC_URL: 'https://pie.example' } });
    try {
      const sql = openSql(platform.database.url);
      const account = await makeAccount(sql, 'fan');
      const { cookie } = await logIn(platform, account);
      expect(cookie.secure).toBe(true);
      await sql.close();
    } finally {
      await platform.close();
    }
  });
});
