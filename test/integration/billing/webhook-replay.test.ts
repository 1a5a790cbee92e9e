import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { platformFeeCents } from '#pie/billing/testing';
import { accounts, Ledger } from '#pie/ledger';
import { Database } from '#pie/platform';
import { TestPlatform } from '../../support/test-platform.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';
import { seededRandom } from '#pie/testing';

// DESIGN §4–5 under a realistic storm: real Stripe events of 500 fans (first payments, renewals,
// declined renewals, refunds), made by the sandbox, then delivered to the api over HTTP with 20%
// of them twice, all shuffled, and 2% twice at the very same moment. Every balance must come out
// to the cent as Stripe's own records say, no journal twice, and every invariant must hold.

const FANS = Number(process.env.REPLAY_FANS ?? 500);
const DUPLICATE_SHARE = 0.2;
const SIMULTANEOUS_SHARE = 0.02;
const DELIVERY_CONCURRENCY = 16;
const FEE_BPS = 1000;

let platform: TestPlatform;
let sql: Sql;
let ledger: Ledger;
let stripe: Stripe;

const random = seededRandom(20261124);

beforeAll(async () => {
  // No webhook endpoint: this test collects the sandbox's events and delivers them itself.
  platform = await TestPlatform.start({ label: 'webhook-replay', stripe: { webhooks: false } });
  sql = openSql(platform.database.url);
  ledger = new Ledger(platform.api.get(Database));
  stripe = platform.stripe;
}, 120_000);
afterAll(async () => {
  await sql?.close();
  await platform?.close();
});

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** A sandbox control call, again when the connection was reset before an answer (a loaded machine's keep-alive race). */
async function resetSafe<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (attempt >= 3 || (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET')) throw error;
    }
  }
}

/** A delivery as Stripe makes it: signed when it is sent (a retry is signed afresh), unless `timestamp` pins it. */
function signedDelivery(event: Stripe.Event, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const headerNow = () =>
    stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? platform.config.STRIPE_WEBHOOK_SECRET!,
      timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
    });
  return () =>
    fetch(`${platform.apiUrl}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': headerNow() }, body: payload });
}

interface Expected {
  wallet: Map<string, number>;
  processorFees: number;
  platformFees: number;
  losses: number;
  invoiceJournals: number;
  refundJournals: number;
}

/** What the books must say, from Stripe's own records only (charges, their balance transactions, refunds). */
async function expectedFromStripe(fanOfCustomer: Map<string, string>): Promise<Expected> {
  const net = new Map<string, number>();
  const refunded = new Map<string, number>();
  let processorFees = 0;
  let platformFees = 0;
  let invoiceJournals = 0;
  let refundJournals = 0;
  for await (const charge of stripe.charges.list({ limit: 100, expand: ['data.balance_transaction'] })) {
    if (charge.status !== 'succeeded') continue;
    const fan = fanOfCustomer.get(charge.customer as string)!;
    const fee = (charge.balance_transaction as Stripe.BalanceTransaction).fee;
    const platformFee = platformFeeCents(charge.amount, FEE_BPS);
    processorFees += fee;
    platformFees += platformFee;
    invoiceJournals += 1;
    net.set(fan, (net.get(fan) ?? 0) + charge.amount - fee - platformFee);
    if (charge.amount_refunded > 0) refunded.set(fan, (refunded.get(fan) ?? 0) + charge.amount_refunded);
  }
  for await (const refund of stripe.refunds.list({ limit: 100 })) if (refund.status === 'succeeded') refundJournals += 1;
  const wallet = new Map<string, number>();
  let losses = 0;
  for (const fan of fanOfCustomer.values()) {
    const credit = net.get(fan) ?? 0;
    const back = refunded.get(fan) ?? 0;
    wallet.set(fan, Math.max(0, credit - back));
    losses += Math.max(0, back - credit);
  }
  return { wallet, processorFees, platformFees, losses, invoiceJournals, refundJournals };
}

describe('webhook replay: 500 fans, duplicates, shuffled, simultaneous', () => {
  it('ends with every balance exact, no journal twice and every invariant holding', async () => {
    const control = platform.stripeControl;
    const started = Date.now();
    const progress = (what: string) => console.log(`[webhook replay] ${what} after ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // 1. Stripe's side: every fan pays a first period; renewals twice; 10% decline the second renewal; 15% get a refund.
    const fans = Array.from({ length: FANS }, () => ({ id: randomUUID(), amount: 100 + Math.floor(random() * 4_900), declines: random() < 0.1, refund: random() < 0.15 }));
    const fanOfCustomer = new Map<string, string>();
    const customerOfFan = new Map<string, string>();
    await inBatches(fans, 8, async (fan) => {
      const customer = await stripe.customers.create({ metadata: { fan_id: fan.id }, email: `replay-${fan.id}@example.test` });
      fanOfCustomer.set(customer.id, fan.id);
      customerOfFan.set(fan.id, customer.id);
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: fan.amount, recurring: { interval: 'day', interval_count: 7 }, product_data: { name: 'Pie' } } }],
        metadata: { fan_id: fan.id },
        subscription_data: { metadata: { fan_id: fan.id, amount_cents: String(fan.amount), pie_days: '7' } },
        success_url: 'http://localhost:3000/pie/successCheckout?session_id={CHECKOUT_SESSION_ID}',
      });
      await resetSafe(() => control.payCheckoutSession(session.id, '4242424242424242'));
    });
    progress('first payments');
    await resetSafe(() => control.advanceClock({ days: 7, seconds: 60 }));
    progress('first renewals');
    await inBatches(fans.filter((fan) => fan.declines), 8, (fan) => resetSafe(() => control.setRenewalCard(customerOfFan.get(fan.id)!, '4000000000000341')));
    await resetSafe(() => control.advanceClock({ days: 7, seconds: 60 }));
    await inBatches(fans.filter((fan) => fan.refund), 8, async (fan) => {
      const charges = await stripe.charges.list({ customer: customerOfFan.get(fan.id)!, limit: 10 });
      const paid = charges.data.filter((charge) => charge.status === 'succeeded');
      const charge = paid[Math.floor(random() * paid.length)];
      const partial = random() < 0.5;
      await resetSafe(() => control.refundCharge(charge.id, partial ? { amount: Math.max(1, Math.floor(charge.amount / 3)) } : {}));
    });
    progress('refunds');
    const generatedMs = Date.now() - started;

    const events: Stripe.Event[] = [];
    for await (const event of stripe.events.list({ limit: 100 })) events.push(event);
    progress(`listed ${events.length} events`);
    if (FANS === 500) expect(events.length).toBeGreaterThanOrEqual(10_000);

    // 2. The storm: every event once, 20% again (2% of all of them at the very same moment), shuffled.
    type Delivery = { send: (() => Promise<Response>)[] };
    const deliveries: Delivery[] = [];
    for (const event of events) {
      const roll = random();
      if (roll < SIMULTANEOUS_SHARE) {
        deliveries.push({ send: [signedDelivery(event), signedDelivery(event)] });
      } else {
        deliveries.push({ send: [signedDelivery(event)] });
        if (roll < DUPLICATE_SHARE) deliveries.push({ send: [signedDelivery(event)] });
      }
    }
    for (let i = deliveries.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [deliveries[i], deliveries[j]] = [deliveries[j], deliveries[i]];
    }
    const deliveryStarted = Date.now();
    const statuses = new Map<number, number>();
    await inBatches(deliveries, DELIVERY_CONCURRENCY, async (delivery) => {
      const responses = await Promise.all(delivery.send.map((send) => resetSafe(send)));
      for (const response of responses) {
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        await response.arrayBuffer();
      }
    });
    const deliveredMs = Date.now() - deliveryStarted;
    progress('delivered');
    const requests = deliveries.reduce((sum, delivery) => sum + delivery.send.length, 0);
    expect(Object.fromEntries(statuses)).toEqual({ 200: requests });
    expect(Number(await sql.value(`select count(*) from billing.stripe_events`))).toBe(events.length);

    // 3. The books, once the worker has drained the payments queue.
    const expected = await expectedFromStripe(fanOfCustomer);
    await eventually(
      'every journal',
      async () => {
        const counts = await sql.query<{ kind: string; n: string }>(`select kind, count(*) as n from ledger.journals group by kind`);
        const byKind = Object.fromEntries(counts.map((row) => [row.kind, Number(row.n)]));
        return (byKind.invoice_paid ?? 0) === expected.invoiceJournals && (byKind.refund ?? 0) === expected.refundJournals;
      },
      1_800_000,
      1_000,
    );
    await eventually('the outbox drained', async () => Number(await sql.value(`select count(*) from platform.outbox where published_at is null`)) === 0, 120_000, 200);
    const processedMs = Date.now() - deliveryStarted;

    const walletRows = await sql.query<{ owner_id: string; balance_cents: string }>(`select owner_id, balance_cents from ledger.accounts where kind = 'fan_wallet'`);
    const wallets = new Map(walletRows.map((row) => [row.owner_id, Number(row.balance_cents)]));
    const mismatches = [...expected.wallet].filter(([fan, cents]) => (wallets.get(fan) ?? 0) !== cents);
    expect(mismatches).toEqual([]);
    expect(await ledger.balanceOf(accounts.processorFees)).toBe(expected.processorFees);
    expect(await ledger.balanceOf(accounts.platformFees)).toBe(expected.platformFees);
    expect(await ledger.balanceOf(accounts.refunds)).toBe(expected.losses === 0 ? 0 : -expected.losses);
    expect(Number(await sql.value(`select count(*) from (select 1 from ledger.journals group by "references" ->> 'stripeInvoiceId', kind having count(*) > 1 and kind = 'invoice_paid') d`))).toBe(0);
    expect(Number(await sql.value(`select count(*) from billing.invoices`))).toBe(expected.invoiceJournals);

    const report = await ledger.checkInvariants();
    expect(report.results.filter((result) => !result.ok)).toEqual([]);

    const pastDue = Number(await sql.value(`select count(*) from billing.subscriptions where status = 'past_due'`));
    expect(pastDue).toBe(fans.filter((fan) => fan.declines).length);

    console.log(
      `[webhook replay] ${FANS} fans, ${events.length} Stripe events, ${requests} deliveries ` +
        `(${requests - events.length} duplicates), ${expected.invoiceJournals} invoice journals, ${expected.refundJournals} refund journals, ` +
        `${pastDue} past due; generated in ${(generatedMs / 1000).toFixed(1)} s, delivered in ${(deliveredMs / 1000).toFixed(1)} s, ` +
        `books complete ${(processedMs / 1000).toFixed(1)} s after the first delivery`,
    );
  }, 2_700_000);

  it('refuses a bad signature and a timestamp older than 300 s with 400, recording nothing', async () => {
    const event = { id: `evt_forged_${randomUUID().replaceAll('-', '')}`, object: 'event', type: 'invoice.paid', created: Math.floor(Date.now() / 1000), data: { object: { id: 'in_forged', object: 'invoice' } } } as unknown as Stripe.Event;

    const wrongSecret = await signedDelivery(event, { secret: 'whsec_not_the_right_one' })();
    expect(wrongSecret.status).toBe(400);
    expect(((await wrongSecret.json()) as { message: string }).message).toMatch(/Invalid Stripe signature/);

    const stale = await signedDelivery(event, { timestamp: Math.floor(Date.now() / 1000) - 301 })();
    expect(stale.status).toBe(400);
    expect(((await stale.json()) as { message: string }).message).toMatch(/tolerance/i);

    const unsigned = await fetch(`${platform.apiUrl}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);

    expect(Number(await sql.value(`select count(*) from billing.stripe_events where id = $1`, [event.id]))).toBe(0);
    expect(Number(await sql.value(`select count(*) from platform.outbox where payload ->> 'eventId' = $1`, [event.id]))).toBe(0);

    // The same event, properly signed and fresh, is accepted: the refusals were about the signature.
    const good = await signedDelivery(event)();
    expect(good.status).toBe(200);
    expect(Number(await sql.value(`select count(*) from billing.stripe_events where id = $1`, [event.id]))).toBe(1);
  });
});
