import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubscriptionStatusChanged, type SubscriptionStatus } from '#pie/billing/events';
import { FanContacts } from '#pie/identity';
import { accounts, Ledger } from '#pie/ledger';
import { APP_CONFIG, Database, recordInOutbox } from '#pie/platform';
import { StripeEventProcessor } from '../../../libs/billing/src/domain/stripe-event-processor.js';
import { StripeGateway } from '../../../libs/billing/src/stripe/stripe-gateway.js';
import { TestPlatform } from '../../support/test-platform.js';
import { logIn, makeAccount } from '../../support/accounts.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';

// Stripe sends webhooks out of order, and a retried job runs after a later one: a subscription's
// older status must never overwrite a newer one — not in billing's row, not in the pie.

let platform: TestPlatform;
let sql: Sql;
let database: Database;

beforeAll(async () => {
  platform = await TestPlatform.start({ label: 'subscription-status-order', stripe: true });
  sql = openSql(platform.database.url);
  database = platform.api.get(Database);
});
afterAll(async () => {
  await sql?.close();
  await platform?.close();
}, 180_000);

const MINUTE = 60_000;
const pieStatus = (subscriptionId: string) => sql.value<string>(`select status from pies.pies where subscription_id = $1`, [subscriptionId]);
const rowStatus = (subscriptionId: string) => sql.value<string>(`select status from billing.subscriptions where id = $1`, [subscriptionId]);

async function paidFan(): Promise<{ fanId: string; subscriptionId: string }> {
  const fan = await makeAccount(sql, 'fan');
  const { cookies } = await logIn(platform, fan);
  const checkout = await platform.request('POST', '/api/stripe/createCheckout', { cookies, body: { amount: '10.00', pieDays: 30 } });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  await platform.stripeControl.payCheckoutSession(checkout.body.data.sessionId);
  await eventually('the first payment', async () => Number((await sql.value<string>(`select balance_cents from ledger.accounts where code = $1`, [accounts.fanWallet(fan.id)])) ?? 0) === 841);
  const subscriptionId = await eventually('the pie', () => sql.value<string>(`select subscription_id from pies.pies where fan_id = $1 and status = 'active'`, [fan.id]));
  return { fanId: fan.id, subscriptionId };
}

/** Billing's status-changed event as recorded at `at`, handled by pies; resolves once pies has handled it. */
async function deliver(fanId: string, subscriptionId: string, status: SubscriptionStatus, previousStatus: SubscriptionStatus, at: Date): Promise<void> {
  const event = { ...SubscriptionStatusChanged.create({ fanId, subscriptionId, status, previousStatus, cancelAtPeriodEnd: false }), occurredAt: at.toISOString() };
  await database.transaction(async (tx) => recordInOutbox(tx, event));
  await eventually(`pies handled ${status}`, async () => (await sql.query(`select 1 from platform.inbox where consumer = 'pies.follow-subscription-status' and message_id = $1`, [event.id])).length > 0);
}

describe('a subscription status that arrives late never overwrites a newer one', () => {
  it('pies: a canceled handled before the older active it followed leaves the pie canceled', async () => {
    const { fanId, subscriptionId } = await paidFan();
    const now = Date.now();
    await deliver(fanId, subscriptionId, 'canceled', 'active', new Date(now));
    expect(await pieStatus(subscriptionId)).toBe('canceled');
    // The job of the earlier change (past due → active) was retried and runs only now.
    await deliver(fanId, subscriptionId, 'active', 'past_due', new Date(now - MINUTE));
    expect(await pieStatus(subscriptionId)).toBe('canceled');
  });

  it('pies: an older past due handled after a newer active leaves the pie active', async () => {
    const { fanId, subscriptionId } = await paidFan();
    const now = Date.now();
    await deliver(fanId, subscriptionId, 'past_due', 'active', new Date(now - 2 * MINUTE));
    expect(await pieStatus(subscriptionId)).toBe('past_due');
    await deliver(fanId, subscriptionId, 'active', 'past_due', new Date(now));
    expect(await pieStatus(subscriptionId)).toBe('active');
    await deliver(fanId, subscriptionId, 'past_due', 'active', new Date(now - MINUTE));
    expect(await pieStatus(subscriptionId)).toBe('active');
  });

  it('billing: a job that read the subscription while active and saves it after its cancellation keeps the row canceled and announces nothing', async () => {
    const { subscriptionId } = await paidFan();
    const stale = await platform.stripe.subscriptions.retrieve(subscriptionId);
    await platform.stripe.subscriptions.cancel(subscriptionId);
    await platform.stripeControl.flushWebhooks();
    await eventually('the row canceled', async () => (await rowStatus(subscriptionId)) === 'canceled');
    await eventually('the pie canceled', async () => (await pieStatus(subscriptionId)) === 'canceled');
    const changes = () => sql.value<number>(`select count(*)::int from platform.outbox where job_name = $1 and payload->>'subscriptionId' = $2`, [SubscriptionStatusChanged.name, subscriptionId]);
    const before = await changes();

    // A slower job read Stripe before the cancellation and commits after it: the processor as the
    // worker has it, whose read of the subscription answers what that job had read.
    const real = platform.worker!.get(StripeGateway).stripe;
    const subscriptions = Object.assign(Object.create(real.subscriptions), { retrieve: async () => stale });
    const lateReader = { stripe: Object.assign(Object.create(real), { subscriptions }) } as StripeGateway;
    const worker = platform.worker!;
    const processor = new StripeEventProcessor(worker.get(Database), lateReader, worker.get(Ledger), worker.get(APP_CONFIG), worker.get(FanContacts));
    expect(await processor.syncSubscription(subscriptionId)).toMatchObject({ status: 'canceled' });
    expect(await rowStatus(subscriptionId)).toBe('canceled');
    expect(await changes()).toBe(before);
    expect(await pieStatus(subscriptionId)).toBe('canceled');
  });
});
