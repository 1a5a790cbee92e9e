/**
 * Gives the demo fan its pie and two paid, ended periods through the same doors a person uses:
 * logs in over HTTP, starts a $10 pie (createCheckout), pays the session on the sandbox Stripe with
 * the 4242 card, then lets Stripe renew it twice. The webhooks do the rest as for any fan: billing
 * posts each invoice's journal, pies makes the pie and opens each paid period linked to its invoice,
 * and the worker's close job splits the two ended periods (more than two hours after their end).
 *
 * Time travels for the demo fan only: its Stripe customer runs on a test clock (the sandbox's
 * `test_clock`, as on Stripe), set two periods and three days back, so the first period began
 * then; advancing that clock to now renews it at each period's end. The sandbox's global clock is
 * never moved, so every other fan's checkout and payments are dated now.
 *
 * Runs once: skipped when the fan already has a subscription.
 */
import type Stripe from 'stripe';
import { createStripeClient } from '#pie/billing/testing';
import { createOrm, type EntityManager } from '#pie/platform';
import { lockFanCloses } from '#pie/pies/testing';
import { DEMO_FAN, SANDBOX_STRIPE_SECRET_KEY } from './demo-data.ts';
import { Visitor } from './demo-listening.ts';

const PIE_DAYS = 30;
const DAY_SECONDS = 86_400;
/**
 * The first period starts this long before two whole periods ago, so the second period ended three
 * days ago and the running one holds three days of listening. (Half a day left the running period's
 * preview with the plays of one evening, or of none on the generated listener's days off: two or three
 * artists, too few to show the artist limit at work.)
 */
const LEAD_SECONDS = 3 * DAY_SECONDS;

async function sandbox(stripeUrl: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${stripeUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`sandbox ${path} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** The fan's paid invoices as the wallet lists them (one `payment` per invoice_paid journal). */
async function paymentsInWallet(visitor: Visitor): Promise<number> {
  const answer = await visitor.json<{ pagination: { total: number } }>('GET', '/api/fan-wallet/transactions?type=payment&limit=1');
  return answer.pagination.total;
}

async function livePie(visitor: Visitor): Promise<{ id: string; subscriptionId: string | null } | null> {
  const answer = await visitor.json<{ data: { id: string; subscriptionId: string | null } | null }>('GET', '/api/pie/active');
  return answer.data;
}

/**
 * The fan's Stripe customer on a test clock, made here (before createCheckout would make one on
 * the global clock) and recorded for the fan as billing records the customers it makes. A
 * customer left by an earlier run is reused when it has a clock.
 */
async function customerOnTestClock(em: EntityManager, stripe: Stripe, fanId: string, startsAt: number): Promise<{ customerId: string; clockId: string } | string> {
  const [known] = await em.execute<{ stripe_customer_id: string }[]>(`select stripe_customer_id from billing.customers where fan_id = ?`, [fanId]);
  if (known) {
    const customer = await stripe.customers.retrieve(known.stripe_customer_id);
    const clock = 'deleted' in customer && customer.deleted ? null : (customer as Stripe.Customer).test_clock;
    if (!clock) return 'the demo fan already has a Stripe customer without a test clock: no demo payments';
    return { customerId: known.stripe_customer_id, clockId: typeof clock === 'string' ? clock : clock.id };
  }
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: startsAt, name: 'Pie demo fan' }, { idempotencyKey: `pie-demo-clock-${fanId}` });
  const customer = await stripe.customers.create(
    { email: DEMO_FAN.email, name: DEMO_FAN.firstName, metadata: { fan_id: fanId }, test_clock: clock.id },
    { idempotencyKey: `pie-demo-customer-${fanId}` },
  );
  await em.transactional(async (tx) => {
    await tx.execute(`insert into billing.customers (fan_id, stripe_customer_id) values (?, ?) on conflict (fan_id) do nothing`, [fanId, customer.id]);
    await tx.execute(`update identity.fans set stripe_customer_id = ? where id = ?`, [customer.id, fanId]);
  });
  return { customerId: customer.id, clockId: clock.id };
}

export async function seedDemoPayments(options: { appUrl: string; stripeUrl: string; databaseUrl: string }): Promise<string> {
  const visitor = new Visitor(options.appUrl);
  await visitor.call('GET', '/api/health'); // the CSRF cookie
  await visitor.json('POST', '/api/auth/login', { email: DEMO_FAN.email, password: DEMO_FAN.password });
  const current = await visitor.json<{ data: unknown }>('GET', '/api/stripe/activeSubscription');
  if (current.data) return 'already has a subscription';
  const { data: me } = await visitor.json<{ data: { _id: string } }>('GET', '/api/user');
  const fanId = me._id;

  const stripe = createStripeClient(SANDBOX_STRIPE_SECRET_KEY, options.stripeUrl);
  const orm = await createOrm({ databaseUrl: options.databaseUrl, poolMax: 2 });
  try {
    const now = Math.floor(Date.now() / 1000);
    const customer = await customerOnTestClock(orm.em.fork(), stripe, fanId, now - 2 * PIE_DAYS * DAY_SECONDS - LEAD_SECONDS);
    if (typeof customer === 'string') return customer;

    // The first period has ended long ago as soon as it exists, so the close job may take it at
    // once. Until its invoice's journal is in the wallet, this holds the fan's closes, so the close
    // splits the payment even when billing hears of the subscription before the invoice. Later
    // periods are opened by their invoice's own journal, so they need no such wait.
    await orm.em.fork().transactional(async (tx) => {
      await lockFanCloses(tx, [fanId]);
      const { data: checkout } = await visitor.json<{ data: { sessionId: string } }>('POST', '/api/stripe/createCheckout', {
        amount: '10.00',
        pieDays: PIE_DAYS,
        // Five artists: each period's share for the demo office's verified artist (the fan's favourite) is then over a few dollars.
        artistLimit: 5,
        artistPopularity: 0,
        excludeNonActive: false,
      });
      await sandbox(options.stripeUrl, `/_sandbox/checkout/sessions/${encodeURIComponent(checkout.sessionId)}/pay`, { card: '4242424242424242' });
      // The pie exists before the clock moves on: its first period is the subscription's first, not a later one.
      await until('the pie made by the subscription', async () => Boolean((await livePie(visitor))?.subscriptionId));
      await until('the first payment in the wallet', async () => (await paymentsInWallet(visitor)) >= 1);
    });

    // To now, on the demo fan's clock only: Stripe renews at the end of each period on the way.
    const clock = await stripe.testHelpers.testClocks.retrieve(customer.clockId);
    const target = Math.floor(Date.now() / 1000);
    if (target > clock.frozen_time) await stripe.testHelpers.testClocks.advance(customer.clockId, { frozen_time: target });
    await until('the renewals in the wallet', async () => (await paymentsInWallet(visitor)) >= 3);
    const pie = await livePie(visitor);
    return `a $10.00 pie paid through the sandbox's Stripe (subscription ${pie?.subscriptionId}, on a test clock): three payments, two ended periods the worker's close job splits`;
  } finally {
    await orm.close(true);
  }
}
