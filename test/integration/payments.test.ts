import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_FAILED_SUBJECT } from '#pie/billing';
import { accounts, Ledger } from '#pie/ledger';
import { Database } from '#pie/platform';
import { StripeEventProcessor } from '../../libs/billing/src/domain/stripe-event-processor.js';
import { TestPlatform } from '../support/test-platform.js';
import { logIn, makeAccount } from '../support/accounts.js';
import { eventually, openSql, type Sql } from '../support/sql.js';

// Fan payments end to end: the app talks to the sandbox's Stripe through the official SDK, the
// sandbox's webhooks reach the api over HTTP, and the worker turns them into ledger journals.

let platform: TestPlatform;
let sql: Sql;
let ledger: Ledger;

beforeAll(async () => {
  platform = await TestPlatform.start({ label: 'payments', stripe: true });
  sql = openSql(platform.database.url);
  ledger = new Ledger(platform.api.get(Database));
});
afterAll(async () => {
  await sql?.close();
  await platform?.close();
}, 180_000);

interface Fan {
  id: string;
  email: string;
  cookies: Record<string, string>;
}

async function newFan(): Promise<Fan> {
  const account = await makeAccount(sql, 'fan');
  const { cookies } = await logIn(platform, account);
  return { id: account.id, email: account.email, cookies };
}

const get = (fan: Fan, url: string) => platform.request('GET', url, { cookies: fan.cookies });
const post = (fan: Fan, url: string, body: unknown) => platform.request('POST', url, { cookies: fan.cookies, body });
const walletOf = async (fan: Fan) => (await get(fan, '/api/fan-wallet/balance')).body.data.balanceCents as number;

/** Starts a pie through the API and pays it on the sandbox's checkout with `card`. */
async function checkoutAndPay(fan: Fan, amount: string, card = '4242424242424242', pieDays = 30) {
  const checkout = await post(fan, '/api/stripe/createCheckout', { amount, pieDays, artistLimit: 15, artistPopularity: 40, excludeNonActive: true });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  expect(checkout.body.data.url).toBe(`${platform.sandbox.urls.stripe}/checkout/${checkout.body.data.sessionId}`);
  await platform.stripeControl.payCheckoutSession(checkout.body.data.sessionId, card);
  return checkout.body.data as { sessionId: string; url: string; fees: Record<string, number> };
}

async function journalsOf(fanId: string, kind: string) {
  return sql.query<{ id: string; idempotency_key: string }>(`select id, idempotency_key from ledger.journals where kind = $1 and "references" ->> 'fanId' = $2`, [kind, fanId]);
}

async function postingsOf(journalKey: string): Promise<Record<string, number>> {
  const rows = await sql.query<{ account: string; amount_cents: string }>(
    `select p.account, p.amount_cents from ledger.postings p join ledger.journals j on j.id = p.journal_id where j.idempotency_key = $1`,
    [journalKey],
  );
  return Object.fromEntries(rows.map((row) => [row.account, Number(row.amount_cents)]));
}

async function chargeOfFan(fanId: string): Promise<string> {
  return eventually('the fan\'s paid invoice', async () => (await sql.query(`select charge_id from billing.invoices where fan_id = $1 order by paid_at limit 1`, [fanId]))[0]?.charge_id);
}

describe('checkout → hosted page paid → webhook → journal', () => {
  it('credits the wallet with the gross less Stripe\'s fee and Pie\'s 10%, in one journal, and activates the subscription', async () => {
    const fan = await newFan();
    const checkout = await checkoutAndPay(fan, '10.00');
    expect(checkout.fees).toEqual({ amountCents: 1000, processorFeeCents: 59, platformFeeCents: 100, toArtistsCents: 841 });

    await eventually('the wallet credit', async () => (await walletOf(fan)) === 841);
    const [journal] = await journalsOf(fan.id, 'invoice_paid');
    expect(await postingsOf(journal.idempotency_key)).toEqual({
      [accounts.stripeClearing]: -1000,
      [accounts.processorFees]: 59,
      [accounts.platformFees]: 100,
      [accounts.fanWallet(fan.id)]: 841,
    });

    const active = await eventually('the active subscription', async () => {
      const response = await get(fan, '/api/stripe/activeSubscription');
      return response.body.data?.status === 'active' ? response.body.data : undefined;
    });
    expect(active.pieSettings).toEqual({ amountCents: 1000, artistLimit: 15, artistPopularity: 40, excludeNonActive: true, pieDays: 30 });
    // The pies module makes the pie from the activation; billing stamps its id on the subscription.
    const withPie = await eventually('the subscription carrying its pie', async () => {
      const response = await get(fan, '/api/stripe/activeSubscription');
      return response.body.data?.metadata?.pie_id ? response.body.data : undefined;
    });
    const pies = await sql.query<{ id: string; subscription_id: string }>(`select id, subscription_id from pies.pies where fan_id = $1`, [fan.id]);
    expect(pies).toHaveLength(1);
    expect(withPie.metadata).toEqual({ pie_id: pies[0].id });
    expect(pies[0].subscription_id).toBe(withPie.id);
    expect(withPie.active).toBe(true);

    // What pies listens to: the activation (with the settings) and the paid period, each once.
    const events = await eventually('billing events', async () => {
      const rows = await sql.query<{ job_name: string; payload: Record<string, unknown> }>(
        `select job_name, payload from platform.outbox where payload ->> 'fanId' = $1 and job_name like 'billing.%'`,
        [fan.id],
      );
      return rows.some((row) => row.job_name === 'billing.invoice-paid.v1') ? rows : undefined;
    });
    expect(events.filter((row) => row.job_name === 'billing.subscription-activated.v1')).toHaveLength(1);
    const paid = events.filter((row) => row.job_name === 'billing.invoice-paid.v1');
    expect(paid).toHaveLength(1);
    expect(paid[0].payload).toMatchObject({ grossCents: 1000, walletCreditCents: 841, journalId: journal.id });

    const transactions = await get(fan, '/api/fan-wallet/transactions');
    expect(transactions.body.data).toEqual([expect.objectContaining({ type: 'payment', amountCents: 841, amount: '8.41' })]);
    expect(transactions.body.pagination).toEqual({ page: 1, limit: 20, total: 1, pages: 1 });
    const summary = await get(fan, '/api/fan-wallet/summary');
    expect(summary.body.data).toMatchObject({ paidInCents: 1000, feesCents: 159, balanceCents: 841, givenToArtistsCents: 0 });
  });

  it('renews when the clock passes the period end and posts the next period; a declined renewal makes it past due and e-mails the fan', async () => {
    const fan = await newFan();
    await checkoutAndPay(fan, '10.00', '4242424242424242', 7);
    await eventually('the first period', async () => (await walletOf(fan)) === 841);

    await platform.stripeControl.advanceClock({ days: 7, seconds: 60 });
    await eventually('the renewal', async () => (await walletOf(fan)) === 1682);
    expect(await journalsOf(fan.id, 'invoice_paid')).toHaveLength(2);

    const [{ stripe_customer_id: customer }] = await sql.query(`select stripe_customer_id from billing.customers where fan_id = $1`, [fan.id]);
    await platform.stripeControl.setRenewalCard(customer, '4000000000000341');
    await platform.stripeControl.advanceClock({ days: 7, seconds: 60 });
    const pastDue = await eventually('past due', async () => {
      const response = await get(fan, '/api/stripe/activeSubscription');
      return response.body.data?.status === 'past_due' ? response.body.data : undefined;
    });
    expect(pastDue.active).toBe(false);
    const mail = await platform.inbox.waitForMessage({ to: fan.email, subjectIncludes: PAYMENT_FAILED_SUBJECT, timeoutMs: 20_000 });
    expect(mail.text).toContain('http://localhost:3000/settings?billing=fix-card#billing');
    expect(mail.text).toContain('$10.00');
    // No money moved for the failed attempt.
    expect(await walletOf(fan)).toBe(1682);
    expect(await journalsOf(fan.id, 'invoice_paid')).toHaveLength(2);
  });
});

describe('refunds and disputes reverse through their own journals', () => {
  /** What a pie close does: most of a $10 charge's $8.41 from the wallet to an artist's escrow, referenced to the fan. */
  const closeInto = (fanId: string, escrow: string) => ({
    kind: 'pie_period_closed',
    idempotencyKey: `test-close:${fanId}`,
    occurredAt: new Date(),
    references: { fanId },
    postings: [{ account: accounts.fanWallet(fanId), amountCents: -800 }, { account: escrow, amountCents: 800 }],
  });
  /** The refund of that charge: the wallet's 41 cents, then the 800 back out of escrow; the fees are the platform's loss. */
  async function expectRefundTookBackFromEscrow(fanId: string, escrow: string): Promise<void> {
    const [refund] = await eventually('the refund journal', async () => {
      const rows = await journalsOf(fanId, 'refund');
      return rows.length > 0 ? rows : undefined;
    });
    expect(await postingsOf(refund.idempotency_key)).toEqual({
      [accounts.stripeClearing]: 1000,
      [accounts.fanWallet(fanId)]: -41,
      [escrow]: -800,
      [accounts.refunds]: -159,
    });
  }

  it('a refund takes from the wallet while the money is there; what is gone is the platform\'s loss', async () => {
    const fan = await newFan();
    await checkoutAndPay(fan, '20.00');
    await eventually('paid', async () => (await walletOf(fan)) === 1712);
    await platform.stripeControl.refundCharge(await chargeOfFan(fan.id));
    const [refund] = await eventually('the refund journal', async () => {
      const rows = await journalsOf(fan.id, 'refund');
      return rows.length > 0 ? rows : undefined;
    });
    expect(await postingsOf(refund.idempotency_key)).toEqual({
      [accounts.stripeClearing]: 2000,
      [accounts.fanWallet(fan.id)]: -1712,
      [accounts.refunds]: -288,
    });
    expect(await walletOf(fan)).toBe(0);
  });

  it('two partial refunds reverse once each (the wallet first, then a loss), never below zero; a dispute after them is refused by Stripe', async () => {
    const fan = await newFan();
    await checkoutAndPay(fan, '10.00');
    await eventually('paid', async () => (await walletOf(fan)) === 841);
    const charge = await chargeOfFan(fan.id);
    await platform.stripeControl.refundCharge(charge, { amount: 600 });
    await platform.stripeControl.refundCharge(charge, { amount: 400 });
    const refunds = await eventually('both refund journals', async () => {
      const rows = await journalsOf(fan.id, 'refund');
      return rows.length === 2 ? rows : undefined;
    });
    const postings = await Promise.all(refunds.map((refund) => postingsOf(refund.idempotency_key)));
    const total = (account: string) => postings.reduce((sum, p) => sum + (p[account] ?? 0), 0);
    expect(total(accounts.stripeClearing)).toBe(1000);
    expect(total(accounts.fanWallet(fan.id))).toBe(-841);
    expect(total(accounts.refunds)).toBe(-159);
    expect(await walletOf(fan)).toBe(0);
    await expect(platform.stripeControl.disputeCharge(charge)).rejects.toThrow();
    expect(await journalsOf(fan.id, 'dispute')).toEqual([]);
  });

  it('takes from the fan\'s allocations still in escrow before it becomes a loss', async () => {
    const fan = await newFan();
    await checkoutAndPay(fan, '10.00');
    await eventually('paid', async () => (await walletOf(fan)) === 841);
    const artist = accounts.artistEscrow(randomUUID());
    await ledger.post(closeInto(fan.id, artist));
    await platform.stripeControl.refundCharge(await chargeOfFan(fan.id));
    await expectRefundTookBackFromEscrow(fan.id, artist);
    expect(await ledger.balanceOf(artist)).toBe(0);
  });

  it('a refund that waits for a pie close holding the wallet takes the share back from the escrow the close paid into', async () => {
    const fan = await newFan();
    await checkoutAndPay(fan, '10.00');
    await eventually('paid', async () => (await walletOf(fan)) === 841);
    const artist = accounts.artistEscrow(randomUUID());
    const database = platform.api.get(Database);
    let refundWaited = false;
    await database.transaction(async (tx) => {
      // The close has posted (and holds the wallet) but not committed when the refund arrives.
      await ledger.post(closeInto(fan.id, artist), { em: tx });
      await platform.stripeControl.refundCharge(await chargeOfFan(fan.id));
      refundWaited = await eventually('the refund to wait for the wallet', async () => {
        const [row] = await sql.query<{ waiting: number }>(`select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and query like '%ledger.accounts%'`);
        return row!.waiting > 0 ? true : undefined;
      });
    });
    expect(refundWaited).toBe(true);
    await expectRefundTookBackFromEscrow(fan.id, artist);
  });

  it('a dispute takes the amount and Stripe\'s $15 fee; a won dispute gives the amount back where it came from', async () => {
    const fan = await newFan();
    await checkoutAndPay(fan, '10.00');
    await eventually('paid', async () => (await walletOf(fan)) === 841);
    const dispute = await platform.stripeControl.disputeCharge(await chargeOfFan(fan.id));
    await eventually('the dispute journal', async () => (await journalsOf(fan.id, 'dispute')).length === 1);
    expect(await postingsOf(`dispute:${dispute.id}`)).toEqual({
      [accounts.stripeClearing]: 2500,
      [accounts.fanWallet(fan.id)]: -841,
      [accounts.refunds]: -1659,
    });
    expect(await walletOf(fan)).toBe(0);

    await platform.stripeControl.closeDispute(dispute.id, 'won');
    await eventually('the dispute-won journal', async () => (await journalsOf(fan.id, 'dispute_won')).length === 1);
    expect(await postingsOf(`dispute_won:${dispute.id}`)).toEqual({
      [accounts.stripeClearing]: -1000,
      [accounts.fanWallet(fan.id)]: 841,
      [accounts.refunds]: 159,
    });
    expect(await walletOf(fan)).toBe(841);
    const report = await ledger.checkInvariants();
    expect(report.results.filter((result) => !result.ok)).toEqual([]);
  });
});

describe('cancelSubscription', () => {
  it('cancels only the caller\'s own subscription: another fan\'s id is a 404 and changes nothing', async () => {
    const owner = await newFan();
    const other = await newFan();
    await checkoutAndPay(owner, '5.00');
    const subscription = await eventually('the subscription', async () => (await get(owner, '/api/stripe/activeSubscription')).body.data ?? undefined);

    const foreign = await post(other, '/api/stripe/cancelSubscription', { subscriptionId: subscription.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ success: false, message: 'Subscription not found' });
    expect((await platform.stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(false);

    const own = await post(owner, '/api/stripe/cancelSubscription', { subscriptionId: subscription.id });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ id: subscription.id, cancelAtPeriodEnd: true, status: 'active' });
    expect((await platform.stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(true);
  });

  it('cancels again after the fan took the cancellation back in the Billing Portal (no replayed Stripe response)', async () => {
    const fan = await newFan();
    await checkoutAndPay(fan, '5.00');
    const subscription = await eventually('the subscription', async () => (await get(fan, '/api/stripe/activeSubscription')).body.data ?? undefined);
    expect((await post(fan, '/api/stripe/cancelSubscription', { subscriptionId: subscription.id })).body.data.cancelAtPeriodEnd).toBe(true);
    // What "Renew" in the Billing Portal does.
    await platform.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    await eventually('the renewal seen by Pie', async () => (await get(fan, '/api/stripe/refreshSubscription')).body.data?.cancelAtPeriodEnd === false);

    const again = await post(fan, '/api/stripe/cancelSubscription', { subscriptionId: subscription.id });
    expect(again.status).toBe(200);
    expect(again.body.data.cancelAtPeriodEnd).toBe(true);
    expect((await platform.stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(true);
  });
});

describe('a declined card at checkout', () => {
  it('moves no money and creates no subscription', async () => {
    const fan = await newFan();
    await expect(checkoutAndPay(fan, '10.00', '4000000000000002')).rejects.toMatchObject({ status: 402 });
    const refreshed = await get(fan, '/api/stripe/refreshSubscription');
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data).toBeNull();
    expect(await walletOf(fan)).toBe(0);
    expect(await journalsOf(fan.id, 'invoice_paid')).toEqual([]);
  });
});

describe('events for a Stripe customer that is not the fan\'s own', () => {
  it('never reach a fan who already has a customer, even when the stranger\'s metadata names that fan', async () => {
    const victim = await newFan();
    await checkoutAndPay(victim, '10.00');
    await eventually('the victim\'s payment', async () => (await walletOf(victim)) === 841);

    // A customer Pie did not make for this fan (dashboard, script, leaked key) claiming to be them.
    const stranger = await platform.stripe.customers.create({ email: 'stranger@example.com', metadata: { fan_id: victim.id } });
    const session = await platform.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: stranger.id,
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 50_000, recurring: { interval: 'day', interval_count: 30 }, product_data: { name: 'not a pie' } } }],
      metadata: { fan_id: victim.id, amount_cents: '50000', pie_days: '30', artist_limit: '20', artist_popularity: '0', exclude_non_active: 'false' },
      success_url: 'http://localhost/ok',
    });
    const paid = await platform.stripeControl.payCheckoutSession(session.id);
    const subscriptionId = typeof paid.subscription === 'string' ? paid.subscription : paid.subscription!.id;
    const [invoice] = (await platform.stripe.invoices.list({ customer: stranger.id })).data;

    // Run what the webhooks would, to completion (the background deliveries race these harmlessly).
    const processor = platform.worker!.get(StripeEventProcessor);
    expect(await processor.syncSubscription(subscriptionId)).toBeNull();
    await processor.recordInvoicePaid(invoice.id);

    expect(await walletOf(victim)).toBe(841);
    expect(await sql.value(`select count(*)::int from billing.subscriptions where id = $1`, [subscriptionId])).toBe(0);
    expect(await sql.value(`select stripe_customer_id from billing.customers where fan_id = $1`, [victim.id])).not.toBe(stranger.id);
    expect(await journalsOf(victim.id, 'invoice_paid')).toHaveLength(1);
  });
});

describe('a pie whose settings change', () => {
  it('charges the new amount from the next renewal, never the period already paid', async () => {
    const fan = await newFan();
    await checkoutAndPay(fan, '10.00', '4242424242424242', 7);
    const subscription = await eventually('the subscription carrying its pie', async () => {
      const response = await get(fan, '/api/stripe/activeSubscription');
      return response.body.data?.metadata?.pie_id ? response.body.data : undefined;
    });

    const saved = await platform.request('PATCH', `/api/pie/${subscription.metadata.pie_id}`, { cookies: fan.cookies, body: { amount: '20.00' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await eventually('the new price on Stripe', async () => (await platform.stripe.subscriptions.retrieve(subscription.id)).items.data[0].price.unit_amount === 2000);
    const paidAmounts = async () => (await platform.stripe.invoices.list({ subscription: subscription.id })).data.map((invoice) => invoice.amount_paid).sort();
    expect(await paidAmounts()).toEqual([1000]);
    // Billing's copy of the settings follows in the same job, just after the Stripe call.
    await eventually('billing\'s copy of the new amount', async () => (await get(fan, '/api/stripe/activeSubscription')).body.data.pieSettings.amountCents === 2000);

    await platform.stripeControl.advanceClock({ days: 7, seconds: 60 });
    await eventually('the renewal at the new amount', async () => (await paidAmounts()).includes(2000));
    expect(await paidAmounts()).toEqual([1000, 2000]);
    // The clock move renewed every subscription of this file: let their webhooks land before the platform stops.
    await platform.stripeControl.flushWebhooks();
  });
});
