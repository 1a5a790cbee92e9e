import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoPoolTopUp } from '#pie/billing/testing';
import { addPromotionCodes } from '#pie/identity/testing';
import { accounts, Ledger } from '#pie/ledger';
import { Database } from '#pie/platform';
import { TestPlatform } from '../../support/test-platform.js';
import { logIn, makeAccount } from '../../support/accounts.js';
import { openSql, type Sql } from '../../support/sql.js';

// Every payments and wallet endpoint against careless clients and other fans: a 400 that names the
// field (never a 500), a 404 for another fan's subscription, nothing written when refused.

let platform: TestPlatform;
let sql: Sql;
let ledger: Ledger;
let fan: { id: string; cookies: Record<string, string> };
let other: { id: string; cookies: Record<string, string> };

async function newFan() {
  const account = await makeAccount(sql, 'fan');
  return { id: account.id, cookies: (await logIn(platform, account)).cookies };
}

beforeAll(async () => {
  platform = await TestPlatform.start({ label: 'payments-input', stripe: { webhooks: false }, worker: false });
  sql = openSql(platform.database.url);
  ledger = new Ledger(platform.api.get(Database));
  // Codes for the free pies below: a code is taken when a free pie starts.
  await platform.api.get(Database).transaction((em) => addPromotionCodes(em, Array.from({ length: 10 }, (_, i) => `TRYMYPIE-${i}`)));
  fan = await newFan();
  other = await newFan();
});
afterAll(async () => {
  await sql?.close();
  await platform?.close();
});

const post = (who: { cookies: Record<string, string> }, url: string, body: unknown) => platform.request('POST', url, { cookies: who.cookies, body });
const get = (who: { cookies: Record<string, string> }, url: string) => platform.request('GET', url, { cookies: who.cookies });
const validCheckout = { amount: '10.00', pieDays: 30, artistLimit: 20, artistPopularity: 0, excludeNonActive: false };

describe('createCheckout validation', () => {
  it.each([
    [{ ...validCheckout, amount: 'ten' }, 'amount', 'amount must be a number of dollars'],
    [{ ...validCheckout, amount: '10.123' }, 'amount', 'amount must have at most two decimals'],
    [{ ...validCheckout, amount: 10.001 }, 'amount', 'amount must have at most two decimals'],
    [{ ...validCheckout, amount: '0.99' }, 'amount', 'amount must be between $1.00 and $1,000.00'],
    [{ ...validCheckout, amount: 1000.01 }, 'amount', 'amount must be between $1.00 and $1,000.00'],
    [{ ...validCheckout, amount: '-5' }, 'amount', 'amount must be a number of dollars'],
    [{ ...validCheckout, amount: '1e3' }, 'amount', 'amount must be a number of dollars'],
    [{ ...validCheckout, amount: '1,000' }, 'amount', 'amount must be a number of dollars'],
    [{ ...validCheckout, amount: null }, 'amount', 'amount must be a number of dollars'],
    [{ ...validCheckout, amount: undefined }, 'amount', 'amount must be a number of dollars'],
    [{ ...validCheckout, pieDays: 6 }, 'pieDays', 'pieDays must be at least 7'],
    [{ ...validCheckout, pieDays: 91 }, 'pieDays', 'pieDays must be at most 90'],
    [{ ...validCheckout, pieDays: 7.5 }, 'pieDays', 'pieDays must be a whole number'],
    [{ ...validCheckout, pieDays: '30' }, 'pieDays', 'pieDays must be a number'],
    [{ ...validCheckout, artistLimit: 0 }, 'artistLimit', 'artistLimit must be at least 1'],
    [{ ...validCheckout, artistLimit: 101 }, 'artistLimit', 'artistLimit must be at most 100'],
    [{ ...validCheckout, artistPopularity: -1 }, 'artistPopularity', 'artistPopularity must be at least 0'],
    [{ ...validCheckout, artistPopularity: 101 }, 'artistPopularity', 'artistPopularity must be at most 100'],
    [{ ...validCheckout, excludeNonActive: 'yes' }, 'excludeNonActive', 'excludeNonActive must be true or false'],
    [{ ...validCheckout, currency: 'eur' }, '_', 'Unknown field(s): currency'],
  ])('refuses %j with a 400 naming the field', async (body, field, message) => {
    const response = await post(fan, '/api/stripe/createCheckout', body);
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
    expect(response.body.errors[field]).toEqual(expect.arrayContaining([expect.stringContaining(message)]));
  });

  it('refuses a body that is not a JSON object, and a call without the CSRF token', async () => {
    expect((await platform.request('POST', '/api/stripe/createCheckout', { cookies: fan.cookies, rawBody: '[1,2]', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await platform.request('POST', '/api/stripe/createCheckout', { cookies: fan.cookies, rawBody: '{"amount":', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await platform.request('POST', '/api/stripe/createCheckout', { cookies: fan.cookies, body: validCheckout, csrf: false })).status).toBe(403);
    expect((await platform.request('POST', '/api/stripe/createCheckout', { body: validCheckout })).status).toBe(401);
    expect(Number(await sql.value(`select count(*) from billing.customers`))).toBe(0);
  });

  it('takes the edges and the defaults, parsing dollars as decimals', async () => {
    const smallest = await post(fan, '/api/stripe/createCheckout', { amount: '1' });
    expect(smallest.status).toBe(200);
    expect(smallest.body.data.fees.amountCents).toBe(100);
    const session = await platform.stripe.checkout.sessions.retrieve(smallest.body.data.sessionId);
    expect(session.metadata).toMatchObject({ amount_cents: '100', pie_days: '30', artist_limit: '20', artist_popularity: '0', exclude_non_active: 'false' });
    // 0.1 + 0.2 style floats: 19.99 * 100 is 1998.9999999999998 in binary; decimal parsing gives 1999.
    const tricky = await post(fan, '/api/stripe/createCheckout', { ...validCheckout, amount: 19.99 });
    expect(tricky.body.data.fees.amountCents).toBe(1999);
    const largest = await post(fan, '/api/stripe/createCheckout', { ...validCheckout, amount: 1000, pieDays: 90, artistLimit: 100, artistPopularity: 100 });
    expect(largest.status).toBe(200);
    expect(largest.body.data.fees.amountCents).toBe(100_000);
  });
});

describe('createCheckout and one active pie per fan (DESIGN §5)', () => {
  it('leaves only one payable session when two checkouts race: the other is expired before the new one is handed out', async () => {
    const racer = await newFan();
    const [first, second] = await Promise.all([post(racer, '/api/stripe/createCheckout', validCheckout), post(racer, '/api/stripe/createCheckout', validCheckout)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const statuses = await Promise.all([first, second].map(async (r) => (await platform.stripe.checkout.sessions.retrieve(r.body.data.sessionId)).status));
    expect([...statuses].sort()).toEqual(['expired', 'open']);
    const stale = [first, second][statuses.indexOf('expired')].body.data.sessionId as string;
    await expect(platform.stripeControl.payCheckoutSession(stale)).rejects.toThrow();
  });

  it('refuses a new checkout while Stripe already has a live subscription whose webhook has not arrived', async () => {
    const payer = await newFan();
    const paid = await post(payer, '/api/stripe/createCheckout', validCheckout);
    await platform.stripeControl.payCheckoutSession(paid.body.data.sessionId);
    // Webhooks are off in this file: Pie has no subscription row yet, only Stripe knows.
    expect(await sql.value(`select count(*)::int from billing.subscriptions where fan_id = $1`, [payer.id])).toBe(0);
    const again = await post(payer, '/api/stripe/createCheckout', validCheckout);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('You already have a pie running');
  });

  it('expires a checkout left open in another tab when the free pie starts, so the fan cannot end up with two pies', async () => {
    const promoFan = await newFan();
    await sql.query(`update identity.fans set promo_eligible = true where id = $1`, [promoFan.id]);
    await ledger.post(promoPoolTopUp({ amountCents: 500, idempotencyKey: `test-top-up-${promoFan.id}` }));
    const leftOpen = await post(promoFan, '/api/stripe/createCheckout', validCheckout);
    expect(leftOpen.status).toBe(200);
    expect((await post(promoFan, '/api/stripe/createPromoSubscription', {})).status).toBe(201);
    expect((await platform.stripe.checkout.sessions.retrieve(leftOpen.body.data.sessionId)).status).toBe('expired');
    await expect(platform.stripeControl.payCheckoutSession(leftOpen.body.data.sessionId)).rejects.toThrow();
  });
});

describe('cancelSubscription', () => {
  it('refuses malformed ids with 400 and another fan\'s or an unknown subscription with 404', async () => {
    for (const body of [{}, { subscriptionId: '' }, { subscriptionId: 'abc' }, { subscriptionId: 42 }, { subscriptionId: 'sub_1', extra: true }]) {
      const response = await post(fan, '/api/stripe/cancelSubscription', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    await sql.query(
      `insert into billing.subscriptions (id, fan_id, status, amount_cents, artist_limit, artist_popularity, exclude_non_active, pie_days)
       values ('sub_BelongsToOther', $1, 'active', 1000, 20, 0, false, 30)`,
      [other.id],
    );
    const foreign = await post(fan, '/api/stripe/cancelSubscription', { subscriptionId: 'sub_BelongsToOther' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Subscription not found');
    expect((await post(fan, '/api/stripe/cancelSubscription', { subscriptionId: 'sub_Unknown' })).status).toBe(404);
    expect(await sql.value(`select status from billing.subscriptions where id = 'sub_BelongsToOther'`)).toBe('active');
    // Nor does the other fan's subscription show up anywhere for this fan.
    expect((await get(fan, '/api/stripe/activeSubscription')).body.data).toBeNull();
  });
});

describe('createPromoSubscription', () => {
  it('validates, refuses fans who are not eligible, is funded from promo_pool once, and says so when used', async () => {
    expect((await post(fan, '/api/stripe/createPromoSubscription', { pieDays: 100 })).status).toBe(400);
    expect((await post(fan, '/api/stripe/createPromoSubscription', { amount: 5 })).body.errors._).toEqual(['Unknown field(s): amount']);
    const promoFan = await newFan();
    const notEligible = await post(promoFan, '/api/stripe/createPromoSubscription', {});
    expect(notEligible.status).toBe(409);

    await sql.query(`update identity.fans set promo_eligible = true where id = $1`, [promoFan.id]);
    const unfunded = await post(promoFan, '/api/stripe/createPromoSubscription', {});
    expect(unfunded.status).toBe(409);
    expect(unfunded.body.message).toBe('The free PIE promotion has run out for now');
    expect(await sql.value(`select used_promotion_code from identity.fans where id = $1`, [promoFan.id])).toBe(false);

    await ledger.post(promoPoolTopUp({ amountCents: 1_000, idempotencyKey: 'test-top-up-1' }));
    const created = await post(promoFan, '/api/stripe/createPromoSubscription', { pieDays: 14, artistLimit: 5 });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ id: `promo_${promoFan.id}`, status: 'active', promo: true, pieSettings: { amountCents: 500, pieDays: 14, artistLimit: 5 } });
    expect((await get(promoFan, '/api/fan-wallet/balance')).body.data).toEqual({ balanceCents: 500, balance: '5.00', currency: 'usd' });
    expect(await ledger.balanceOf(accounts.promoPool)).toBe(500);
    expect((await get(promoFan, '/api/stripe/promoEligibility')).body.data).toEqual({ available: false, used: true });

    const again = await post(promoFan, '/api/stripe/createPromoSubscription', {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already used the free PIE promotion. Each user can only use this offer once.');
    expect(await ledger.balanceOf(accounts.promoPool)).toBe(500);

    // Another fan cannot cancel it; its owner can.
    expect((await post(fan, '/api/stripe/cancelSubscription', { subscriptionId: `promo_${promoFan.id}` })).status).toBe(404);
    const canceled = await post(promoFan, '/api/stripe/cancelSubscription', { subscriptionId: `promo_${promoFan.id}` });
    expect(canceled.body.data.status).toBe('canceled');
  });
});

describe('wallet endpoints', () => {
  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['page=0', 'page'],
    ['page=1.5', 'page'],
    ['type=bogus', 'type'],
    ['sort=asc', '_'],
  ])('transactions?%s is a 400 naming %s', async (query, field) => {
    const response = await get(fan, `/api/fan-wallet/transactions?${query}`);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors)).toContain(field);
  });

  it('answers a fan with nothing yet with zeros, and only ever the caller\'s own wallet', async () => {
    await ledger.post({
      kind: 'invoice_paid',
      idempotencyKey: 'test-other-fan-credit',
      occurredAt: new Date(),
      references: { fanId: other.id },
      postings: [{ account: accounts.stripeClearing, amountCents: -300 }, { account: accounts.fanWallet(other.id), amountCents: 300 }],
    });
    expect((await get(fan, '/api/fan-wallet/balance')).body.data.balanceCents).toBe(0);
    expect((await get(fan, '/api/fan-wallet/transactions?type=payment')).body).toMatchObject({ data: [], pagination: { total: 0, page: 1, limit: 20, pages: 0 } });
    expect((await get(fan, '/api/fan-wallet/summary')).body.data).toMatchObject({ paidInCents: 0, balanceCents: 0 });
    expect((await get(other, '/api/fan-wallet/transactions?type=payment&limit=5')).body.data).toEqual([expect.objectContaining({ amountCents: 300, type: 'payment' })]);
    for (const url of ['/api/fan-wallet/balance', '/api/fan-wallet/transactions', '/api/fan-wallet/summary', '/api/stripe/activeSubscription', '/api/stripe/refreshSubscription', '/api/stripe/customerBillingAccount']) {
      expect((await platform.request('GET', url)).status, url).toBe(401);
    }
    const portal = await get(fan, '/api/stripe/customerBillingAccount');
    expect(portal.status).toBe(200); // this fan has a customer from the checkouts above
    expect(portal.body.data.url).toMatch(/^http/);
    expect((await get(other, '/api/stripe/customerBillingAccount')).status).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('lists the payments and wallet endpoints with their request bodies', async () => {
    const docs = (await platform.request('GET', '/api/docs-json')).body;
    for (const path of ['/api/stripe/createCheckout', '/api/stripe/createPromoSubscription', '/api/stripe/cancelSubscription']) {
      expect(docs.paths[path]?.post?.requestBody, path).toBeDefined();
    }
    const checkout = docs.paths['/api/stripe/createCheckout'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(checkout.properties)).toEqual(expect.arrayContaining(['amount', 'pieDays', 'artistLimit', 'artistPopularity', 'excludeNonActive']));
    for (const path of ['/api/stripe/customerBillingAccount', '/api/stripe/activeSubscription', '/api/stripe/refreshSubscription', '/api/fan-wallet/balance', '/api/fan-wallet/transactions', '/api/fan-wallet/summary']) {
      expect(docs.paths[path]?.get, path).toBeDefined();
    }
    expect(docs.paths['/api/fan-wallet/transactions'].get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['limit', 'page', 'type']));
  });
});
