import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestPlatform } from '../../support/test-platform.js';
import { openSql, type Sql } from '../../support/sql.js';

/*
 * Issue 27, finding 5: the webhook intake at its edges. The tolerance holds both ways (a signed
 * event from an hour ahead is refused as one from an hour ago is), a signed but malformed event is
 * a 400 without internals, and no refusal repeats the Stripe SDK's own message.
 */
describe('the Stripe webhook intake at its edges', () => {
  let platform: TestPlatform;
  let sql: Sql;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'webhook-edges', worker: false, stripe: { webhooks: false } });
    sql = openSql(platform.database.url);
  }, 120_000);
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  const now = () => Math.floor(Date.now() / 1000);
  function deliver(payload: string, options: { timestamp?: number; secret?: string } = {}) {
    const signature = platform.stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? platform.config.STRIPE_WEBHOOK_SECRET!, timestamp: options.timestamp ?? now() });
    return fetch(`${platform.apiUrl}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
  }
  const eventJson = (id = `evt_edge_${randomUUID().replaceAll('-', '')}`) =>
    JSON.stringify({ id, object: 'event', type: 'invoice.paid', created: now(), data: { object: { id: 'in_edge', object: 'invoice' } } });

  it('refuses a signed event timestamped an hour in the future, as it refuses one an hour old', async () => {
    const payload = eventJson();
    const future = await deliver(payload, { timestamp: now() + 3600 });
    expect(future.status).toBe(400);
    expect(await future.json()).toEqual({ success: false, statusCode: 400, message: 'Invalid Stripe signature: the timestamp is outside the tolerance' });
    const past = await deliver(payload, { timestamp: now() - 3600 });
    expect(past.status).toBe(400);
    expect(await past.json()).toEqual({ success: false, statusCode: 400, message: 'Invalid Stripe signature: the timestamp is outside the tolerance' });
    expect(Number(await sql.value(`select count(*) from billing.stripe_events where id = $1`, [JSON.parse(payload).id]))).toBe(0);
    // A clock a little ahead (within the tolerance) is fine.
    expect((await deliver(payload, { timestamp: now() + 60 })).status).toBe(200);
  });

  it.each([
    ['not JSON', 'this is not json {'],
    ['JSON without an id', JSON.stringify({ object: 'event', type: 'invoice.paid', created: 1, data: { object: {} } })],
    ['an id of the wrong type', JSON.stringify({ id: 42, object: 'event', type: 'invoice.paid', created: 1, data: { object: {} } })],
    ['no data object', JSON.stringify({ id: 'evt_no_data', object: 'event', type: 'invoice.paid', created: 1 })],
    ['a created time that is not a number', JSON.stringify({ id: 'evt_bad_created', object: 'event', type: 'invoice.paid', created: 'yesterday', data: { object: {} } })],
    ['JSON null', 'null'],
  ])('answers a signed but malformed event (%s) with 400 and no internals', async (_label, payload) => {
    const answer = await deliver(payload);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ success: false, statusCode: 400, message: 'Malformed Stripe event' });
  });

  it("never repeats the Stripe SDK's message in a refusal", async () => {
    const answer = await deliver(eventJson(), { secret: 'whsec_not_the_right_one' });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { message: string };
    expect(body).toEqual({ success: false, statusCode: 400, message: 'Invalid Stripe signature' });
    expect(body.message).not.toMatch(/docs\.stripe\.com|raw request body|expected signature/i);
  });
});
