import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPromotionCodes } from '#pie/identity/testing';
import { Database } from '#pie/platform';
import { TestPlatform } from '../../support/test-platform.js';
import { openSql, type Sql } from '../../support/sql.js';
import { logIn, makeAccount } from '../../support/accounts.js';
import { makeFanRegistration } from '../../support/factories.js';

describe('the free pie promotion', () => {
  let platform: TestPlatform;
  let sql: Sql;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'promo', worker: false });
    sql = openSql(platform.database.url);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  it('50 parallel promo sign-ups against 10 codes: all 50 are accounts waiting for their free pie, and the pool still has its 10', async () => {
    await platform.api.get(Database).transaction((em) => addPromotionCodes(em, Array.from({ length: 10 }, (_, i) => `TRYMYPIE-RACE-${i}`)));
    const before = await platform.request('GET', '/api/stripe/promoAvailability');
    expect(before.body).toMatchObject({ success: true, data: { available: true, remaining: 10 } });

    const answers = await Promise.all(
      Array.from({ length: 50 }, () => platform.request('POST', '/api/auth/register', { body: makeFanRegistration({ promo: 'try' }) })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(201));
    // A code is taken when a free pie starts from a verified account (promotion-codes.test.ts), never at sign-up.
    expect(await sql.value(`select count(*)::int from identity.promotion_codes where claimed_by_fan_id is not null`)).toBe(0);
    expect(await sql.value(`select count(*)::int from identity.fans where promo_eligible and signup_promo = 'try'`)).toBe(50);
    const after = await platform.request('GET', '/api/stripe/promoAvailability');
    expect(after.body).toMatchObject({ success: true, data: { available: true, remaining: 10 } });
  });

  it('a /try sign-up when no code is left is refused with the spec text and leaves no account', async () => {
    await sql.query(`update identity.promotion_codes set claimed_by_fan_id = gen_random_uuid(), claimed_at = now() where claimed_by_fan_id is null`);
    const registration = makeFanRegistration({ promo: 'try' });
    const refused = await platform.request('POST', '/api/auth/register', { body: registration });
    expect(refused.body).toMatchObject({ statusCode: 409, message: 'No promotion codes are available' });
    expect(await sql.value(`select count(*)::int from identity.fans where email = $1`, [registration.email])).toBe(0);
  });

  it('tells a signed-in fan whether they may still use the offer', async () => {
    const fan = await makeAccount(sql, 'fan');
    const login = await platform.request('POST', '/api/auth/login', { body: { email: fan.email, password: fan.password } });
    const cookies = { fan_access_token: login.cookies.find((cookie) => cookie.name === 'fan_access_token')!.value };
    const notEligible = await platform.request('GET', '/api/stripe/promoEligibility', { cookies });
    expect(notEligible.body.data).toEqual({ available: false, used: false });
    await sql.query(`update identity.fans set promo_eligible = true where id = $1`, [fan.id]);
    const eligible = await platform.request('GET', '/api/stripe/promoEligibility', { cookies });
    expect(eligible.body.data).toEqual({ available: true, used: false });
    expect((await platform.request('GET', '/api/stripe/promoEligibility')).status).toBe(401);
  });
});

describe('rate limits', () => {
  let platform: TestPlatform;
  let sql: Sql;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'ratelimit', worker: false, env: { RATE_LIMIT_ENABLED: 'true' } });
    sql = openSql(platform.database.url);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  it("slows down guessing one account's password but never locks its owner out", async () => {
    const fan = await makeAccount(sql, 'fan');
    const took: number[] = [];
    for (let attempt = 1; attempt <= 7; attempt++) {
      const started = Date.now();
      const wrong = await platform.request('POST', '/api/auth/login', { body: { email: fan.email, password: `wrong guess ${attempt}` } });
      took.push(Date.now() - started);
      expect(wrong.status).toBe(401);
    }
    // The 6th and 7th misses were held (200 ms, then 400 ms) before being checked.
    expect(took[6]).toBeGreaterThanOrEqual(400);
    const owner = await platform.request('POST', '/api/auth/login', { body: { email: fan.email, password: fan.password } });
    expect(owner.status).toBe(200);
    // Getting in starts the count over.
    expect(await sql.value(`select count(*)::int from platform.rate_limits where key = $1`, [`login-failures:fan:${fan.email}`])).toBe(0);
  });

  it('limits forgot-password per address, answering the same for unknown addresses', async () => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await platform.request('POST', '/api/auth/forgot-password', { body: { email: 'ghost@example.test' } })).status).toBe(200);
    }
    const limited = await platform.request('POST', '/api/auth/forgot-password', { body: { email: 'ghost@example.test' } });
    expect(limited.status).toBe(429);
  });

  it('keeps counting in Postgres, so every api replica sees the same count', async () => {
    const rows = await sql.query(`select key, hits from platform.rate_limits where key like 'forgot-password:account:%'`);
    expect(rows.some((row) => row.hits >= 4)).toBe(true);
  });

  it('limits sign-ups per address', async () => {
    const registration = makeFanRegistration();
    const answers = [];
    for (let attempt = 1; attempt <= 6; attempt++) answers.push((await platform.request('POST', '/api/auth/register', { body: registration })).status);
    expect(answers.slice(0, 5).every((status) => status === 201)).toBe(true);
    expect(answers[5]).toBe(429);
  });

  it("limits each fan's catalogue look-ups of missing tracks, not their neighbours'", async () => {
    const [fan, neighbour] = [await makeAccount(sql, 'fan'), await makeAccount(sql, 'fan')];
    const [fanCookies, neighbourCookies] = [(await logIn(platform, fan)).cookies, (await logIn(platform, neighbour)).cookies];
    const ask = (cookies: Record<string, string>) => platform.request('POST', '/api/pie/add-missing-tracks-anytime', { cookies });
    const answers = [];
    for (let attempt = 1; attempt <= 4; attempt++) answers.push(await ask(fanCookies));
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 429]);
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ask(neighbourCookies)).status).toBe(202);
  });
});
