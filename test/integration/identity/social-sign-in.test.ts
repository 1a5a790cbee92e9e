import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPromotionCodes } from '#pie/identity/testing';
import { Database } from '#pie/platform';
import { approve, cancel } from '../../../apps/sandbox/src/oauth/oauth-test-client.js';
import { roundTripCookie, TestPlatform, type InjectResult } from '../../support/test-platform.js';
import { openSql, type Sql } from '../../support/sql.js';
import { logIn, makeAccount } from '../../support/accounts.js';

const LOGIN_ROUTE = { spotify: 'loginSpotify', google: 'loginGoogle', twitter: 'loginTwitter', facebook: 'loginFacebookFan' } as const;
const ACCOUNT = { spotify: 'listener1', google: '100000000000000000001', twitter: '1500000000000000001', facebook: '10000000000000001' } as const;

function location(response: InjectResult): string {
  expect(response.status, JSON.stringify(response.body)).toBe(302);
  return String(response.headers.location);
}

/** The app's callback URL the provider redirected to, as a path the injector can call. */
const pathOf = (url: URL) => `${url.pathname}${url.search}`;

describe('social sign-in through the sandbox providers', () => {
  let platform: TestPlatform;
  let sql: Sql;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'social', worker: false });
    sql = openSql(platform.database.url);
    await platform.api.get(Database).transaction((em) => addPromotionCodes(em, ['TRYMYPIE-S1', 'TRYMYPIE-S2', 'TRYMYPIE-S3', 'TRYMYPIE-S4', 'TRYMYPIE-S5']));
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  async function signIn(provider: keyof typeof LOGIN_ROUTE, accountId: string, query = '') {
    const start = await platform.request('GET', `/api/auth/${LOGIN_ROUTE[provider]}${query}`);
    const authorize = new URL(location(start));
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const callback = await approve(authorize.toString(), accountId);
    const browser = roundTripCookie(start);
    return { authorize, callback, browser, finish: await platform.request('GET', pathOf(callback), { cookies: browser }) };
  }

  it.each(Object.keys(LOGIN_ROUTE) as (keyof typeof LOGIN_ROUTE)[])('%s: a new fan signs in, promo=try and deviceType come back, the fan may start the free pie (no code taken yet)', async (provider) => {
    const { finish } = await signIn(provider, ACCOUNT[provider], '?promo=try&deviceType=mobile');
    const landing = new URL(location(finish), 'http://app');
    expect(landing.pathname).toBe('/dashboard');
    expect(Object.fromEntries(landing.searchParams)).toMatchObject({ signedIn: provider, promo: 'try', deviceType: 'mobile' });
    const cookie = finish.cookies.find((c) => c.name === 'fan_access_token');
    expect(cookie?.httpOnly).toBe(true);
    const me = await platform.request('GET', '/api/user', { cookies: { fan_access_token: cookie!.value } });
    expect(me.status).toBe(200);
    expect(me.body.data.linked_accounts.map((link: { provider: string }) => link.provider)).toEqual([provider]);
    expect(me.body.data.promo_eligible).toBe(true);
    expect(await sql.value(`select count(*)::int from identity.promotion_codes where claimed_by_fan_id = $1`, [me.body.data._id])).toBe(0);
    // Provider tokens are stored encrypted, never as the bearer token itself.
    const [identity] = await sql.query(`select access_token_enc from identity.social_identities where subject_id = $1`, [me.body.data._id]);
    expect(identity.access_token_enc).toMatch(/^v1\./);
  });

  it('a returning fan gets the same account; once their free pie has started, another /try sign-in is refused with the spec message', async () => {
    const first = await signIn('spotify', 'listener2');
    const second = await signIn('spotify', 'listener2', '?promo=try');
    const fanA = first.finish.cookies.find((c) => c.name === 'fan_access_token')!.value;
    const idA = (await platform.request('GET', '/api/user', { cookies: { fan_access_token: fanA } })).body.data._id;
    expect(await sql.value(`select count(*)::int from identity.social_identities where provider = 'spotify' and provider_user_id = 'listener2'`)).toBe(1);
    // Spotify's country for the account (listener2 listens from GB) is kept: an artist's insights count money per listening country.
    expect(await sql.value(`select country from identity.social_identities where provider = 'spotify' and provider_user_id = 'listener2'`)).toBe('GB');
    // Signing in through /try takes no code: the fan may start the free pie.
    const landing = new URL(location(second.finish), 'http://app');
    expect(landing.pathname).toBe('/dashboard');
    expect(await sql.value(`select promo_eligible from identity.fans where id = $1`, [idA])).toBe(true);
    expect(await sql.value(`select count(*)::int from identity.promotion_codes where claimed_by_fan_id = $1`, [idA])).toBe(0);
    // Once the free pie has started (billing's createPromoSubscription marks it used)…
    await sql.query(`update identity.fans set used_promotion_code = true where id = $1`, [idA]);
    // …another /try sign-in is the second use of the offer.
    const third = await signIn('spotify', 'listener2', '?promo=try');
    const refused = new URL(location(third.finish), 'http://app');
    expect(refused.pathname).toBe('/try');
    expect(refused.searchParams.get('error')).toBe('promo_used');
    expect(third.finish.cookies.find((c) => c.name === 'fan_access_token')).toBeUndefined();
  });

  it('refuses a tampered state, a replayed callback, and a code minted for another sign-in (PKCE)', async () => {
    const { callback, browser } = await signIn('google', '100000000000000000002');
    const replay = await platform.request('GET', pathOf(callback), { cookies: browser });
    expect(new URL(location(replay), 'http://app').searchParams.get('error')).toBe('expired');

    const startA = await platform.request('GET', '/api/auth/loginGoogle');
    const startB = await platform.request('GET', '/api/auth/loginGoogle');
    const flowA = new URL(location(startA));
    const flowB = new URL(location(startB));
    const codeOfA = (await approve(flowA.toString(), '100000000000000000002')).searchParams.get('code')!;

    const tampered = await platform.request('GET', `/api/auth/callback/google?code=${codeOfA}&state=${'x'.repeat(43)}`, { cookies: roundTripCookie(startA) });
    expect(new URL(location(tampered), 'http://app').searchParams.get('error')).toBe('other_browser');

    // A's code with B's state (in B's browser): the exchange carries B's verifier, which does not match A's challenge.
    const swapped = await platform.request('GET', `/api/auth/callback/google?code=${codeOfA}&state=${flowB.searchParams.get('state')}`, { cookies: roundTripCookie(startB) });
    const swappedLanding = new URL(location(swapped), 'http://app');
    expect(swappedLanding.pathname).toBe('/login');
    expect(swappedLanding.searchParams.get('error')).toBe('incomplete');
    for (const response of [replay, tampered, swapped]) expect(response.cookies.find((c) => c.name === 'fan_access_token')).toBeUndefined();
  });

  it('cancelling at the provider lands on the login page with a message', async () => {
    const started = await platform.request('GET', '/api/auth/loginFacebookFan');
    const start = new URL(location(started));
    const back = await platform.request('GET', pathOf(await cancel(start.toString())), { cookies: roundTripCookie(started) });
    expect(new URL(location(back), 'http://app').searchParams.get('error')).toBe('cancelled');
  });

  it('links and disconnects providers from settings, never removing the last way to sign in', async () => {
    const fan = await makeAccount(sql, 'fan');
    const { cookies } = await logIn(platform, fan);
    const link = await platform.request('POST', '/api/auth/link-facebook', { cookies });
    expect(link.status).toBe(200);
    const back = await platform.request('GET', pathOf(await approve(link.body.data.url, '10000000000000002')), { cookies: { ...cookies, ...roundTripCookie(link) } });
    expect(location(back)).toBe('/settings?linked=facebook');
    const me = await platform.request('GET', '/api/user', { cookies });
    expect(me.body.data.linked_accounts).toEqual([{ provider: 'facebook', email: 'fan2@facebook.sandbox', display_name: 'Fan Two' }]);
    expect((await platform.request('POST', '/api/auth/disconnect-facebook', { cookies })).status).toBe(200);
    expect((await platform.request('GET', '/api/user', { cookies })).body.data.linked_accounts).toEqual([]);
    expect((await platform.request('POST', '/api/auth/disconnect-facebook', { cookies })).status).toBe(400);

    // A fan who only ever signed in with X cannot remove X.
    const onlyX = await signIn('twitter', '1500000000000000002');
    const xCookies = { fan_access_token: onlyX.finish.cookies.find((c) => c.name === 'fan_access_token')!.value };
    const refused = await platform.request('POST', '/api/auth/disconnect-twitter', { cookies: xCookies });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/only way to sign in/);
  });

  it('refuses to link a provider account that belongs to another fan', async () => {
    await signIn('facebook', '10000000000000003');
    const fan = await makeAccount(sql, 'fan');
    const { cookies } = await logIn(platform, fan);
    const link = await platform.request('POST', '/api/auth/link-facebook', { cookies });
    const back = await platform.request('GET', pathOf(await approve(link.body.data.url, '10000000000000003')), { cookies: { ...cookies, ...roundTripCookie(link) } });
    expect(new URL(location(back), 'http://app').searchParams.get('error')).toBe('already_linked');
  });

  it('admins sign in with Google only when the verified e-mail belongs to an admin', async () => {
    await makeAccount(sql, 'admin', { email: 'admin1@google.sandbox' });
    const adminStart = await platform.request('GET', '/api/admin/auth/google');
    const start = new URL(location(adminStart));
    const back = await platform.request('GET', pathOf(await approve(start.toString(), '100000000000000000003')), { cookies: roundTripCookie(adminStart) });
    expect(location(back)).toBe('/admin/auth/google/callback?status=success');
    const adminCookie = back.cookies.find((c) => c.name === 'admin_access_token')!;
    expect((await platform.request('GET', '/api/admin/profile', { cookies: { admin_access_token: adminCookie.value } })).body.data.email).toBe('admin1@google.sandbox');

    const notAdminStart = await platform.request('GET', '/api/admin/auth/google');
    const notAdmin = new URL(location(notAdminStart));
    const refused = await platform.request('GET', pathOf(await approve(notAdmin.toString(), '100000000000000000001')), { cookies: roundTripCookie(notAdminStart) });
    expect(new URL(location(refused), 'http://app').searchParams.get('error')).toBe('not_admin');
    expect(refused.cookies.find((c) => c.name === 'admin_access_token')).toBeUndefined();
  });

  it('artists link and disconnect Google', async () => {
    const artist = await makeAccount(sql, 'artist');
    const { cookies } = await logIn(platform, artist);
    const link = await platform.request('POST', '/api/for-artists/auth/link-google', { cookies });
    const back = await platform.request('GET', pathOf(await approve(link.body.data.url, '100000000000000000002')), { cookies: { ...cookies, ...roundTripCookie(link) } });
    expect(location(back)).toBe('/for-artists/settings?linked=google');
    expect((await platform.request('GET', '/api/for-artists/user', { cookies })).body.data.linked_accounts[0].provider).toBe('google');
    expect((await platform.request('POST', '/api/for-artists/auth/disconnect-google', { cookies })).status).toBe(200);
  });

  it('answers 400 for an unknown provider or a bad query, never 500', async () => {
    expect((await platform.request('GET', '/api/auth/callback/myspace?code=a&state=b')).status).toBe(400);
    expect((await platform.request('GET', '/api/auth/loginGoogle?deviceType=fridge')).status).toBe(400);
  });
});

describe('provider tokens for other modules', () => {
  let platform: TestPlatform;
  let sql: Sql;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'provtokens', worker: false });
    sql = openSql(platform.database.url);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  async function spotifyFan(accountId: string): Promise<string> {
    const start = await platform.request('GET', '/api/auth/loginSpotify');
    const back = await platform.request('GET', pathOf(await approve(String(start.headers.location), accountId)), { cookies: roundTripCookie(start) });
    const cookie = back.cookies.find((c) => c.name === 'fan_access_token')!.value;
    return (await platform.request('GET', '/api/user', { cookies: { fan_access_token: cookie } })).body.data._id;
  }

  it('hands out the stored token, refreshes it before expiry, and reports withdrawn access', async () => {
    const { ProviderTokens, ProviderAccessRevokedError } = await import('#pie/identity');
    const tokens = platform.api.get(ProviderTokens);
    const fanId = await spotifyFan('listener3');
    const first = await tokens.accessTokenFor(fanId, 'spotify');
    expect(await tokens.accessTokenFor(fanId, 'spotify')).toBe(first);

    await sql.query(`update identity.social_identities set token_expires_at = now() + interval '10 seconds' where subject_id = $1`, [fanId]);
    const refreshed = await tokens.accessTokenFor(fanId, 'spotify');
    expect(refreshed).not.toBe(first);
    const me = await fetch(`${platform.sandbox.urls.providers}/spotify/api/v1/me`, { headers: { authorization: `Bearer ${refreshed}` } });
    expect(((await me.json()) as { id: string }).id).toBe('listener3');

    expect((await tokens.connectedFans('spotify', { limit: 10 })).map((fan) => fan.fanId)).toContain(fanId);
    await fetch(`${platform.sandbox.urls.providers}/spotify/__admin/accounts/listener3/revoke`, { method: 'POST' });
    await expect(tokens.accessTokenFor(fanId, 'spotify', { force: true })).rejects.toBeInstanceOf(ProviderAccessRevokedError);
    await tokens.markBroken(fanId, 'spotify', 'Spotify refused to renew access');
    expect((await tokens.connectedFans('spotify', { limit: 10 })).map((fan) => fan.fanId)).not.toContain(fanId);

    // Signing in again repairs the connection.
    await spotifyFan('listener3');
    expect((await tokens.connectedFans('spotify', { limit: 10 })).map((fan) => fan.fanId)).toContain(fanId);
  });

  it('a token that no longer decrypts (the key changed) marks the connection broken with a reason the fan can act on', async () => {
    const { ProviderTokens, ProviderTokensUnreadableError } = await import('#pie/identity');
    const { TOKENS_UNREADABLE_REASON } = await import('#pie/identity/testing');
    const tokens = platform.api.get(ProviderTokens);
    const fanId = await spotifyFan('listener2');
    // What a different TOKEN_ENCRYPTION_KEY would make of the stored value: a well-formed seal that fails authentication.
    await sql.query(`update identity.social_identities set access_token_enc = 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA' where subject_id = $1`, [fanId]);
    await expect(tokens.accessTokenFor(fanId, 'spotify')).rejects.toBeInstanceOf(ProviderTokensUnreadableError);
    const [identity] = await sql.query(`select broken_at, broken_reason from identity.social_identities where subject_id = $1`, [fanId]);
    expect(identity.broken_at).not.toBeNull();
    expect(identity.broken_reason).toBe(TOKENS_UNREADABLE_REASON);
    expect((await tokens.connectedFans('spotify', { limit: 50 })).map((fan) => fan.fanId)).not.toContain(fanId);
  });
});
