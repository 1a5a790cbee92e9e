import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approve } from '../../../apps/sandbox/src/oauth/oauth-test-client.js';
import { logIn, makeAccount } from '../../support/accounts.js';
import { makeFanRegistration } from '../../support/factories.js';
import { openSql, type Sql } from '../../support/sql.js';
import { roundTripCookie, TestPlatform, type InjectResult } from '../../support/test-platform.js';

/*
 * Issue 10's identity holes, each tried the way an attacker (or a careless browser) would.
 * Every test here failed on the code before the fix it names.
 */

const pathOf = (url: URL) => `${url.pathname}${url.search}`;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const sessionCookieOf = (response: InjectResult, name = 'fan_access_token') => response.cookies.find((c) => c.name === name && c.value !== '')?.value;

function landing(response: InjectResult): URL {
  expect(response.status, JSON.stringify(response.body)).toBe(302);
  return new URL(String(response.headers.location), 'http://app');
}

describe('identity holes closed before money flows', () => {
  let platform: TestPlatform;
  let sql: Sql;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'holes', worker: false });
    sql = openSql(platform.database.url);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  /** A Google account added to the sandbox for one test. */
  async function googleAccount(email: string, emailVerified: boolean): Promise<string> {
    const id = String(200_000_000_000_000_000n + BigInt(`0x${randomBytes(6).toString('hex')}`));
    const response = await fetch(`${platform.sandbox.urls.providers}/google/__admin/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, email, emailVerified, givenName: 'Gina', familyName: 'Google' }),
    });
    expect(response.status).toBeLessThan(300);
    return id;
  }

  /** A whole Google sign-in in one browser (the round-trip cookie carried along). */
  async function googleSignIn(accountId: string, cookies: Record<string, string> = {}) {
    const start = await platform.request('GET', '/api/auth/loginGoogle', { cookies });
    const callback = await approve(String(start.headers.location), accountId);
    return platform.request('GET', pathOf(callback), { cookies: { ...cookies, ...roundTripCookie(start) } });
  }

  describe('OAuth round trips are bound to the browser that started them', () => {
    it('a sign-in callback handed to another browser signs nobody in (login CSRF)', async () => {
      const attackerAccount = await googleAccount(`attacker-${randomBytes(3).toString('hex')}@example.test`, true);
      // The attacker starts and approves in their own browser, then stops before the callback…
      const start = await platform.request('GET', '/api/auth/loginGoogle');
      const callback = await approve(String(start.headers.location), attackerAccount);
      // …and gets the victim's browser (no round-trip cookie, or one of its own) to open it.
      const victimOwnStart = await platform.request('GET', '/api/auth/loginGoogle');
      for (const cookies of [{}, roundTripCookie(victimOwnStart)]) {
        const victim = await platform.request('GET', pathOf(callback), { cookies });
        expect(landing(victim).pathname).toBe('/login');
        expect(landing(victim).searchParams.get('error')).toBe('other_browser');
        expect(sessionCookieOf(victim)).toBeUndefined();
      }
      // The state was not spent by the victim's browser: the attacker's own browser could still finish.
      const own = await platform.request('GET', pathOf(callback), { cookies: roundTripCookie(start) });
      expect(sessionCookieOf(own)).toBeDefined();
    });

    it('a link callback opened in another session links nothing to either account', async () => {
      const attacker = await makeAccount(sql, 'fan');
      const victim = await makeAccount(sql, 'fan');
      const attackerSession = await logIn(platform, attacker);
      const link = await platform.request('POST', '/api/auth/link-spotify', { cookies: attackerSession.cookies });
      const callback = await approve(link.body.data.url, 'listener2');

      // The victim's browser: the victim's session, without the attacker's round-trip cookie.
      const victimSession = await logIn(platform, victim);
      const withoutCookie = await platform.request('GET', pathOf(callback), { cookies: victimSession.cookies });
      expect(landing(withoutCookie).searchParams.get('error')).toBe('other_browser');

      // Even with the cookie (the same browser, now signed in as someone else), the session must be the starter's.
      const link2 = await platform.request('POST', '/api/auth/link-spotify', { cookies: attackerSession.cookies });
      const callback2 = await approve(link2.body.data.url, 'listener2');
      const otherSession = await platform.request('GET', pathOf(callback2), { cookies: { ...victimSession.cookies, ...roundTripCookie(link2) } });
      expect(landing(otherSession).pathname).toBe('/settings');
      expect(landing(otherSession).searchParams.get('error')).toBe('wrong_session');
      expect(await sql.value(`select count(*)::int from identity.social_identities where subject_id = any($1::uuid[])`, [[attacker.id, victim.id]])).toBe(0);
    });

    it("a code for the fan's callback brought to the admin's callback opens no session of any kind", async () => {
      const account = await googleAccount(`fan-${randomBytes(3).toString('hex')}@example.test`, true);
      const start = await platform.request('GET', '/api/auth/loginGoogle');
      const callback = await approve(String(start.headers.location), account);
      const onAdmin = await platform.request('GET', `/api/admin/auth/google/callback${callback.search}`, { cookies: roundTripCookie(start) });
      expect(landing(onAdmin).searchParams.get('error')).toMatch(/^(expired|other_browser)$/);
      expect(onAdmin.cookies.filter((c) => c.name.endsWith('_access_token') && c.value !== '')).toEqual([]);
    });
  });

  describe('no account pre-hijacking', () => {
    it('an e-mail the provider does not mark verified neither joins an account nor becomes a new account\'s address', async () => {
      const owner = await makeAccount(sql, 'fan');
      const lookalike = await googleAccount(owner.email, false);
      const joined = await googleSignIn(lookalike);
      expect(landing(joined).searchParams.get('error')).toBe('email_exists');
      expect(sessionCookieOf(joined)).toBeUndefined();
      expect(await sql.value(`select count(*)::int from identity.social_identities where subject_id = $1`, [owner.id])).toBe(0);

      // No account yet for the address: the sign-in works, but the account does not take the address…
      const address = `not-yet-${randomBytes(3).toString('hex')}@example.test`;
      const squatter = await googleSignIn(await googleAccount(address, false));
      const me = await platform.request('GET', '/api/user', { cookies: { fan_access_token: sessionCookieOf(squatter)! } });
      expect(me.body.data.email).not.toBe(address);
      expect(me.body.data.email).toMatch(/@no-email\.pie\.invalid$/);
      // …so its real owner can still register it.
      const registered = await platform.request('POST', '/api/auth/register', { body: makeFanRegistration({ email: address }) });
      expect(registered.status).toBe(201);
      expect(await sql.value(`select count(*)::int from identity.fans where email = $1`, [address])).toBe(1);
    });

    it('a password set by whoever pre-registered an address does not survive its owner arriving with a verified e-mail', async () => {
      const address = `victim-${randomBytes(3).toString('hex')}@example.test`;
      const squatterPassword = 'the squatter knows this';
      expect((await platform.request('POST', '/api/auth/register', { body: makeFanRegistration({ email: address, password: squatterPassword }) })).status).toBe(201);

      const owner = await googleSignIn(await googleAccount(address, true));
      expect(landing(owner).pathname).toBe('/dashboard');
      const me = await platform.request('GET', '/api/user', { cookies: { fan_access_token: sessionCookieOf(owner)! } });
      expect(me.body.data).toMatchObject({ email: address, has_password: false, email_verified: true });

      const squatter = await platform.request('POST', '/api/auth/login', { body: { email: address, password: squatterPassword } });
      expect(squatter.status).toBe(401);
    });

    it("the mailbox owner's password reset of an account a social sign-in created unlinks the identities they did not link", async () => {
      const address = `made-by-google-${randomBytes(3).toString('hex')}@example.test`;
      const google = await googleSignIn(await googleAccount(address, true));
      const fanId = (await platform.request('GET', '/api/user', { cookies: { fan_access_token: sessionCookieOf(google)! } })).body.data._id;
      expect(await sql.value(`select count(*)::int from identity.social_identities where subject_id = $1`, [fanId])).toBe(1);

      const token = randomBytes(32).toString('base64url');
      await sql.query(`insert into identity.email_tokens (token_hash, purpose, subject_id, expires_at) values ($1, 'fan-reset-password', $2, now() + interval '1 hour')`, [hash(token), fanId]);
      expect((await platform.request('POST', `/api/auth/reset-password/${token}`, { body: { password: 'the owner chose this' } })).status).toBe(200);
      expect(await sql.value(`select count(*)::int from identity.social_identities where subject_id = $1`, [fanId])).toBe(0);
      // The social session was ended with the reset; the owner signs in with the new password.
      expect((await platform.request('GET', '/api/user', { cookies: { fan_access_token: sessionCookieOf(google)! } })).status).toBe(401);
      expect((await platform.request('POST', '/api/auth/login', { body: { email: address, password: 'the owner chose this' } })).status).toBe(200);
    });

    it('a password reset invalidates the account\'s other outstanding reset links', async () => {
      const fan = await makeAccount(sql, 'fan');
      const older = randomBytes(32).toString('base64url');
      const newer = randomBytes(32).toString('base64url');
      for (const token of [older, newer]) {
        await sql.query(`insert into identity.email_tokens (token_hash, purpose, subject_id, expires_at) values ($1, 'fan-reset-password', $2, now() + interval '1 hour')`, [hash(token), fan.id]);
      }
      expect((await platform.request('POST', `/api/auth/reset-password/${newer}`, { body: { password: 'the new password' } })).status).toBe(200);
      const reused = await platform.request('POST', `/api/auth/reset-password/${older}`, { body: { password: 'someone with the old mail' } });
      expect(reused.status).toBe(400);
      expect((await platform.request('POST', '/api/auth/login', { body: { email: fan.email, password: 'the new password' } })).status).toBe(200);
    });
  });

  describe('deleted means gone', () => {
    it('a link started before deleting the account cannot finish after it, and the provider then signs nobody into the deleted account', async () => {
      const fan = await makeAccount(sql, 'fan');
      const { cookies } = await logIn(platform, fan);
      const googleId = await googleAccount(`leaver-${randomBytes(3).toString('hex')}@example.test`, true);
      const link = await platform.request('POST', '/api/auth/link-google', { cookies });
      const callback = await approve(link.body.data.url, googleId);
      expect((await platform.request('DELETE', '/api/auth/account', { cookies })).status).toBe(200);

      const finished = await platform.request('GET', pathOf(callback), { cookies: { ...cookies, ...roundTripCookie(link) } });
      expect(landing(finished).searchParams.get('error')).toBeTruthy();
      expect(await sql.value(`select count(*)::int from identity.social_identities where subject_id = $1`, [fan.id])).toBe(0);

      const signIn = await googleSignIn(googleId);
      const me = await platform.request('GET', '/api/user', { cookies: { fan_access_token: sessionCookieOf(signIn)! } });
      expect(me.status).toBe(200);
      expect(me.body.data._id).not.toBe(fan.id);
    });

    it('every session check refuses a deleted account, even with a session row still live', async () => {
      const fan = await makeAccount(sql, 'fan');
      const { cookies } = await logIn(platform, fan);
      await sql.query(`update identity.fans set deleted_at = now() where id = $1`, [fan.id]);
      expect((await platform.request('GET', '/api/user', { cookies })).status).toBe(401);
    });

    it("logging in as B in a browser that holds A's session ends A's session on the server", async () => {
      const a = await makeAccount(sql, 'fan');
      const b = await makeAccount(sql, 'fan');
      const sessionA = await logIn(platform, a);
      const asB = await platform.request('POST', '/api/auth/login', { body: { email: b.email, password: b.password }, cookies: sessionA.cookies });
      expect(asB.status).toBe(200);
      // A copy of A's cookie kept elsewhere is worthless now.
      expect((await platform.request('GET', '/api/user', { cookies: sessionA.cookies })).status).toBe(401);

      const admin1 = await makeAccount(sql, 'admin');
      const admin2 = await makeAccount(sql, 'admin');
      const first = await logIn(platform, admin1);
      await platform.request('POST', '/api/admin/auth/login', { body: { email: admin2.email, password: admin2.password }, cookies: first.cookies });
      expect((await platform.request('GET', '/api/admin/profile', { cookies: first.cookies })).status).toBe(401);

      // The same through a social sign-in.
      const c = await makeAccount(sql, 'fan');
      const sessionC = await logIn(platform, c);
      const social = await googleSignIn(await googleAccount(`other-${randomBytes(3).toString('hex')}@example.test`, true), sessionC.cookies);
      expect(sessionCookieOf(social)).toBeDefined();
      expect((await platform.request('GET', '/api/user', { cookies: sessionC.cookies })).status).toBe(401);
    });
  });
});
