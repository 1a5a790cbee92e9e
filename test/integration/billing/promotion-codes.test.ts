import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoPoolTopUp } from '#pie/billing/testing';
import { addPromotionCodes } from '#pie/identity/testing';
import { accounts, Ledger } from '#pie/ledger';
import { Database } from '#pie/platform';
import { approve } from '../../../apps/sandbox/src/oauth/oauth-test-client.js';
import { roundTripCookie, TestPlatform } from '../../support/test-platform.js';
import { logIn, makeAccount, type TestAccount } from '../../support/accounts.js';
import { openSql, type Sql } from '../../support/sql.js';
import { makeFanRegistration } from '../../support/factories.js';

/*
 * Issue 27, finding 4: a promotion code is taken only when the free pie starts, from a verified
 * account; one free pie per person for good (a keyed fingerprint of the address and of each linked
 * provider account outlives the account); nothing is taken at sign-up.
 */

const ALREADY_USED = 'You have already used the free PIE promotion. Each user can only use this offer once.';
const NONE_LEFT = 'No promotion codes are available';
const VERIFY_FIRST = 'Please verify your e-mail address before starting your free pie';

let platform: TestPlatform;
let sql: Sql;
let ledger: Ledger;
let codeSeq = 0;

beforeAll(async () => {
  platform = await TestPlatform.start({ label: 'promotion-codes', stripe: { webhooks: false }, worker: false });
  sql = openSql(platform.database.url);
  ledger = new Ledger(platform.api.get(Database));
  // Enough money in the pool for every free pie below: only the codes may run out.
  await ledger.post(promoPoolTopUp({ amountCents: 100_000, idempotencyKey: 'promotion-codes-top-up' }));
});
afterAll(async () => {
  await sql?.close();
  await platform?.close();
});

const addCodes = (count: number) =>
  platform.api.get(Database).transaction((em) => addPromotionCodes(em, Array.from({ length: count }, () => `TRYMYPIE-T${String(++codeSeq).padStart(4, '0')}`)));
const remaining = () => sql.value<number>(`select count(*)::int from identity.promotion_codes where claimed_by_fan_id is null`);
/** The codes earlier tests left in the pool are taken by nobody real, so a test can count its own. */
const emptyThePool = () => sql.query(`update identity.promotion_codes set claimed_by_fan_id = gen_random_uuid(), claimed_at = now() where claimed_by_fan_id is null`);

/** A fan who came through /try (promo_eligible), signed in. */
async function promoFan(overrides: Partial<{ email: string }> = {}, verified = true): Promise<TestAccount & { cookies: Record<string, string> }> {
  const account = await makeAccount(sql, 'fan', overrides);
  await sql.query(`update identity.fans set promo_eligible = true, signup_promo = 'try' where id = $1`, [account.id]);
  const { cookies } = await logIn(platform, account);
  // Signing in with a password already needs a verified address; the free pie's start checks it again on its own.
  if (!verified) await sql.query(`update identity.fans set email_verified_at = null where id = $1`, [account.id]);
  return { ...account, cookies };
}

const startFreePie = (fan: { cookies: Record<string, string> }) => platform.request('POST', '/api/stripe/createPromoSubscription', { cookies: fan.cookies, body: {} });
const deleteAccount = (fan: { cookies: Record<string, string> }) => platform.request('DELETE', '/api/auth/account', { cookies: fan.cookies });

describe('a promotion code is taken when the free pie starts, never at sign-up', () => {
  it('three /try sign-ups with addresses nobody verified leave the pool as it was', async () => {
    await addCodes(25);
    const before = await remaining();
    for (let i = 0; i < 3; i++) {
      const answer = await platform.request('POST', '/api/auth/register', { body: makeFanRegistration({ promo: 'try' }) });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
    expect(await remaining()).toBe(before);
    expect((await platform.request('GET', '/api/stripe/promoAvailability')).body.data).toEqual({ available: true, remaining: before });
    // They still came through the promotion: the offer waits for them once their address is verified.
    expect(await sql.value(`select count(*)::int from identity.fans where signup_promo = 'try' and promo_eligible and email_verified_at is null`)).toBe(3);
  });

  it('an unverified account is refused the free pie and takes nothing; once verified, the start takes one code', async () => {
    await addCodes(1);
    const fan = await promoFan({}, false);
    const before = await remaining();
    const refused = await startFreePie(fan);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(VERIFY_FIRST);
    expect(await remaining()).toBe(before);
    expect(await sql.value(`select used_promotion_code from identity.fans where id = $1`, [fan.id])).toBe(false);

    await sql.query(`update identity.fans set email_verified_at = now() where id = $1`, [fan.id]);
    const started = await startFreePie(fan);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(await remaining()).toBe(before - 1);
    expect(await sql.value(`select count(*)::int from identity.promotion_codes where claimed_by_fan_id = $1`, [fan.id])).toBe(1);
    expect((await platform.request('GET', '/api/stripe/promoEligibility', { cookies: fan.cookies })).body.data).toEqual({ available: false, used: true });
  });

  it('20 verified fans starting at once against 5 codes: 5 free pies, each with its own code; the others hear that none are left', async () => {
    await emptyThePool();
    await addCodes(5);
    const fans = [];
    for (let i = 0; i < 20; i++) fans.push(await promoFan());
    const answers = await Promise.all(fans.map((fan) => startFreePie(fan)));
    const started = fans.filter((_, i) => answers[i]!.status === 201);
    expect(started).toHaveLength(5);
    for (const answer of answers.filter((a) => a.status !== 201)) expect(answer.body).toMatchObject({ statusCode: 409, message: NONE_LEFT });
    const taken = await sql.query<{ claimed_by_fan_id: string }>(`select claimed_by_fan_id from identity.promotion_codes where claimed_by_fan_id = any($1::uuid[])`, [fans.map((fan) => fan.id)]);
    expect(taken.map((row) => row.claimed_by_fan_id).sort()).toEqual(started.map((fan) => fan.id).sort());
    expect(await remaining()).toBe(0);
    // The refused kept nothing: no flag, no wallet money.
    expect(await sql.value(`select count(*)::int from identity.fans where id = any($1::uuid[]) and used_promotion_code`, [fans.map((fan) => fan.id)])).toBe(5);
    for (const fan of fans) expect(await ledger.balanceOf(accounts.fanWallet(fan.id))).toBe(started.includes(fan) ? 500 : 0);
  });

  it('one fan starting twice at once gets one free pie and one code', async () => {
    await addCodes(3);
    const fan = await promoFan();
    const answers = await Promise.all([startFreePie(fan), startFreePie(fan), startFreePie(fan)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(await sql.value(`select count(*)::int from identity.promotion_codes where claimed_by_fan_id = $1`, [fan.id])).toBe(1);
    expect(await ledger.balanceOf(accounts.fanWallet(fan.id))).toBe(500);
  });
});

describe('one free pie per person, for good', () => {
  it('two live accounts whose addresses reach one Gmail mailbox, starting at once: one free pie', async () => {
    await addCodes(2);
    const [a, b] = [await promoFan({ email: 'jo.smith+pie@gmail.com' }), await promoFan({ email: 'josmith@googlemail.com' })];
    const answers = await Promise.all([startFreePie(a), startFreePie(b)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(ALREADY_USED);
    expect(await sql.value(`select count(*)::int from identity.promotion_codes where claimed_by_fan_id = any($1::uuid[])`, [[a.id, b.id]])).toBe(1);
  });

  it('deleting the account and registering again with the same address (any case, a +tag) does not bring the free pie back', async () => {
    await addCodes(2);
    const first = await promoFan({ email: 'repeat.fan@example.test' });
    expect((await startFreePie(first)).status).toBe(201);
    expect((await deleteAccount(first)).status).toBe(200);
    // Nothing left that names the person: only keyed fingerprints.
    const kept = await sql.query<{ fingerprint: string; kind: string }>(`select fingerprint, kind from identity.promotion_fingerprints`);
    expect(kept.some((row) => row.kind === 'email')).toBe(true);
    expect(JSON.stringify(kept)).not.toMatch(/repeat/i);
    expect(await sql.value(`select email from identity.fans where id = $1`, [first.id])).toMatch(/\.invalid$/);

    const before = await remaining();
    // Through the sign-up form this time, typed differently; the address is then verified.
    const registration = makeFanRegistration({ email: 'Repeat.Fan+Again@Example.TEST', promo: 'try' });
    expect((await platform.request('POST', '/api/auth/register', { body: registration })).status).toBe(201);
    await sql.query(`update identity.fans set email_verified_at = now() where email = 'repeat.fan+again@example.test'`);
    const login = await logIn(platform, { kind: 'fan', id: '', email: 'repeat.fan+again@example.test', password: String(registration.password) });
    const again = { cookies: login.cookies, id: String(await sql.value(`select id from identity.fans where email = 'repeat.fan+again@example.test'`)) };
    const refused = await startFreePie(again);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ALREADY_USED);
    expect(await remaining()).toBe(before);
    expect(await ledger.balanceOf(accounts.fanWallet(again.id))).toBe(0);
  });

  it('nor does signing up again through the same provider account', async () => {
    await addCodes(2);
    const signIn = async () => {
      const start = await platform.request('GET', '/api/auth/loginSpotify?promo=try');
      const callback = await approve(new URL(String(start.headers.location)).toString(), 'listener3');
      const finish = await platform.request('GET', `${callback.pathname}${callback.search}`, { cookies: roundTripCookie(start) });
      const token = finish.cookies.find((cookie) => cookie.name === 'fan_access_token');
      expect(token, String(finish.headers.location)).toBeDefined();
      return { cookies: { fan_access_token: token!.value } };
    };
    const first = await signIn();
    // Spotify gives no address it vouches for: the account is proven by its provider sign-in.
    const started = await startFreePie(first);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect((await deleteAccount(first)).status).toBe(200);

    const second = await signIn();
    const refused = await startFreePie(second);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ALREADY_USED);
  });

  it('a provider account linked after the free pie, then unlinked, does not bring it back on a new account', async () => {
    await addCodes(2);
    const fan = await promoFan();
    expect((await startFreePie(fan)).status).toBe(201);
    const link = await platform.request('POST', '/api/auth/link-facebook', { cookies: fan.cookies });
    const callback = await approve(link.body.data.url, '10000000000000003');
    expect(String((await platform.request('GET', `${callback.pathname}${callback.search}`, { cookies: { ...fan.cookies, ...roundTripCookie(link) } })).headers.location)).toBe('/settings?linked=facebook');
    expect((await platform.request('POST', '/api/auth/disconnect-facebook', { cookies: fan.cookies })).status).toBe(200);

    const start = await platform.request('GET', '/api/auth/loginFacebookFan?promo=try');
    const back = await approve(String(start.headers.location), '10000000000000003');
    const finish = await platform.request('GET', `${back.pathname}${back.search}`, { cookies: roundTripCookie(start) });
    const newcomer = { cookies: { fan_access_token: finish.cookies.find((cookie) => cookie.name === 'fan_access_token')!.value } };
    const refused = await startFreePie(newcomer);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ALREADY_USED);
  });

  it('a fan who never used the promotion leaves no fingerprint when deleting the account', async () => {
    const fan = await promoFan({ email: 'never-used@example.test' });
    const before = await sql.value<number>(`select count(*)::int from identity.promotion_fingerprints`);
    expect((await deleteAccount(fan)).status).toBe(200);
    expect(await sql.value(`select count(*)::int from identity.promotion_fingerprints`)).toBe(before);
    const later = await promoFan({ email: 'never-used@example.test' });
    await addCodes(1);
    expect((await startFreePie(later)).status).toBe(201);
  });
});
