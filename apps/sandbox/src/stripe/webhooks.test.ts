import Stripe from 'stripe';
import { beforeEach, describe, expect, it } from 'vitest';
import { sdkFor, TEST_WEBHOOK_SECRET, WebhookReceiver, type StripeHarness } from './testing/harness.js';
import { stripeHarnessPerFile } from './testing/per-file.js';
import { signatureHeader } from './webhooks.js';

const harness = stripeHarnessPerFile();
let h: StripeHarness;
beforeEach(() => {
  h = harness();
});

async function paidCheckout(): Promise<Stripe.Checkout.Session> {
  const session = await h.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer_email: 'hooks@pie.local',
    line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 700, recurring: { interval: 'day', interval_count: 30 }, product_data: { name: 'Pie' } } }],
    success_url: 'http://localhost:3000/ok',
    metadata: { pieId: 'pie-1' },
  });
  return h.control.payCheckoutSession(session.id);
}

describe('webhook signatures', () => {
  it('signs t.payload with HMAC-SHA256 so constructEvent verifies it; a wrong secret or a changed body fails', async () => {
    const session = await paidCheckout();
    await h.control.flushWebhooks();
    expect(h.receiver.rejected).toEqual([]);
    const delivery = h.receiver.received.find((r) => r.event.type === 'checkout.session.completed')!;
    expect(delivery.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const timestamp = Number(/^t=(\d+)/.exec(delivery.signature)![1]);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(delivery.signature).toBe(signatureHeader(delivery.raw, TEST_WEBHOOK_SECRET, timestamp));
    const event = h.stripe.webhooks.constructEvent(delivery.raw, delivery.signature, TEST_WEBHOOK_SECRET, 300);
    expect(event).toMatchObject({ object: 'event', type: 'checkout.session.completed', api_version: '2026-10-28.endive', livemode: false });
    expect((event.data.object as Stripe.Checkout.Session).id).toBe(session.id);
    expect(() => h.stripe.webhooks.constructEvent(delivery.raw, delivery.signature, 'whsec_other', 300)).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() => h.stripe.webhooks.constructEvent(delivery.raw.replace('hooks@pie.local', 'evil@pie.local'), delivery.signature, TEST_WEBHOOK_SECRET, 300)).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('signs with real time even after the sandbox clock moved, so a 300 s tolerance still holds', async () => {
    await h.control.advanceClock({ days: 40 });
    await paidCheckout();
    await h.control.flushWebhooks();
    expect(h.receiver.rejected).toEqual([]);
    const event = h.receiver.events('checkout.session.completed')[0];
    expect(event.created).toBeGreaterThan(Date.now() / 1000 + 39 * 86_400);
  });
});

describe('delivery', () => {
  it('retries with backoff while the endpoint answers non-2xx, then stops', async () => {
    h.receiver.failNext = 3;
    const customer = await h.stripe.customers.create({ email: 'retry@pie.local' });
    await h.control.flushWebhooks();
    const attempts = (await h.control.deliveries()).filter((d) => d.type === 'customer.created');
    expect(attempts.map((a) => a.status)).toEqual([500, 500, 500, 200]);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4]);
    const gaps = attempts.slice(1).map((a, i) => Date.parse(a.at) - Date.parse(attempts[i].at));
    expect(gaps[1]).toBeGreaterThanOrEqual(35); // 20 ms, then 40 ms, then 80 ms
    expect(h.receiver.events('customer.created').map((e) => (e.data.object as Stripe.Customer).id)).toEqual([customer.id]);
  });

  it('gives up after maxAttempts when the endpoint never answers 2xx', async () => {
    await h.control.setDeliveryKnobs({ retry: { initialMs: 5, maxMs: 10, maxAttempts: 3 } });
    h.receiver.failNext = 100;
    await h.stripe.customers.create({ email: 'never@pie.local' });
    await h.control.flushWebhooks();
    const attempts = (await h.control.deliveries()).filter((d) => d.type === 'customer.created');
    expect(attempts).toHaveLength(3);
    expect(h.receiver.received).toHaveLength(0);
  });

  it('duplicates every delivery at duplicateRate 1 and shuffles them within the reorder window', async () => {
    await h.control.setDeliveryKnobs({ duplicateRate: 1, reorderWindowMs: 200, seed: 'shuffle' });
    const created: string[] = [];
    for (let i = 0; i < 8; i++) created.push((await h.stripe.customers.create({ email: `dup${i}@pie.local` })).id);
    await h.control.flushWebhooks();
    const received = h.receiver.events('customer.created').map((e) => (e.data.object as Stripe.Customer).id);
    expect(received).toHaveLength(16);
    expect(new Set(received)).toEqual(new Set(created));
    for (const id of created) expect(received.filter((r) => r === id)).toHaveLength(2);
    const firstSeen = [...new Set(received)];
    expect(firstSeen).not.toEqual(created);
    const duplicates = (await h.control.deliveries()).filter((d) => d.duplicate);
    expect(duplicates).toHaveLength(8);
  });

  it('POST /v1/webhook_endpoints answers the real shape with a secret; connect endpoints get only connected-account events', async () => {
    const platform = await new WebhookReceiver(new Stripe('sk_test_x'), 'pending').start();
    const connect = await new WebhookReceiver(new Stripe('sk_test_x'), 'pending').start();
    try {
      const platformEndpoint = await h.stripe.webhookEndpoints.create({ url: platform.url, enabled_events: ['customer.created', 'account.updated'] });
      expect(platformEndpoint).toMatchObject({ object: 'webhook_endpoint', status: 'enabled', url: platform.url, enabled_events: ['customer.created', 'account.updated'] });
      expect(platformEndpoint.secret).toMatch(/^whsec_/);
      const connectEndpoint = await h.stripe.webhookEndpoints.create({ url: connect.url, enabled_events: ['*'], connect: true });
      (platform as unknown as { secret: string }).secret = platformEndpoint.secret!;
      (connect as unknown as { secret: string }).secret = connectEndpoint.secret!;
      expect((await h.stripe.webhookEndpoints.retrieve(platformEndpoint.id)).secret).toBeUndefined();

      await h.stripe.customers.create({ email: 'scoped@pie.local' });
      await h.stripe.products.create({ name: 'not subscribed to' });
      const account = await h.stripe.accounts.create({ type: 'express', country: 'US', email: 'office@pie.local' });
      await h.control.onboardAccount(account.id);
      await h.control.flushWebhooks();

      expect(platform.events().map((e) => e.type)).toEqual(['customer.created']);
      expect(connect.events().map((e) => [e.type, e.account])).toEqual([['account.updated', account.id]]);
      // The start-up endpoint gets both kinds.
      expect(h.receiver.events('account.updated')[0].account).toBe(account.id);
      expect(platform.rejected).toEqual([]);
      expect(connect.rejected).toEqual([]);

      await h.stripe.webhookEndpoints.del(platformEndpoint.id);
      await h.stripe.customers.create({ email: 'after@pie.local' });
      await h.control.flushWebhooks();
      expect(platform.events()).toHaveLength(1);
    } finally {
      await platform.close();
      await connect.close();
    }
  });

  it('registers an endpoint with a secret of our choice through the control', async () => {
    const mine = await new WebhookReceiver(new Stripe('sk_test_x'), 'whsec_chosen').start();
    try {
      await h.control.registerWebhookEndpoint(mine.url, 'whsec_chosen');
      const customer = await sdkFor(h.sandbox.url).customers.create({ email: 'chosen@pie.local' });
      await h.control.flushWebhooks();
      expect(mine.events('customer.created').map((e) => (e.data.object as Stripe.Customer).id)).toEqual([customer.id]);
      expect(mine.rejected).toEqual([]);
    } finally {
      await mine.close();
    }
  });
});

describe('reset', () => {
  it('drops deliveries still being retried instead of waiting for a dead endpoint', async () => {
    await h.control.setDeliveryKnobs({ retry: { initialMs: 60_000, maxMs: 60_000, maxAttempts: 5 } });
    h.receiver.failNext = 1;
    await h.stripe.customers.create({ email: 'dropped@pie.local' });
    await expect.poll(async () => (await h.control.deliveries()).length).toBe(1);
    const started = Date.now();
    await h.control.reset();
    await h.control.flushWebhooks();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await h.control.deliveries()).toEqual([]);
    expect(h.receiver.received).toHaveLength(0);
  });
});
