import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { accounts, JOURNAL_KINDS, Ledger, type JournalInput } from '#pie/ledger';
import { SendEmail } from '#pie/notifications';
import { PAYMENT_FAILED_SUBJECT } from '#pie/notifications/testing';
import { formatDay, formatPeriod, PAYMENT_RECEIPT_SUBJECT, PIE_CANCELLED_SUBJECT } from '#pie/notifications/testing';
import { Database } from '#pie/platform';
import { StripeEventProcessor } from '../../../libs/billing/src/domain/stripe-event-processor.js';
import { TestPlatform } from '../../support/test-platform.js';
import { logIn, makeAccount } from '../../support/accounts.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';

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

/** Mails recorded for `to` whose subject starts with `subject` (the outbox: every mail job ever recorded, sent or not). */
async function mailJobs(to: string, subject: string): Promise<number> {
  return sql.value<number>(`select count(*)::int from platform.outbox where job_name = $1 and payload ->> 'to' = $2 and starts_with(payload ->> 'subject', $3)`, [SendEmail.name, to, subject]);
}

/** A Stripe event delivered to the webhook as Stripe would send it, signed now. */
async function deliver(event: Stripe.Event): Promise<{ received: boolean; duplicate: boolean }> {
  const payload = JSON.stringify(event);
  const signature = platform.stripe.webhooks.generateTestHeaderString({ payload, secret: platform.config.STRIPE_WEBHOOK_SECRET! });
  const answer = await fetch(`${platform.apiUrl}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
  expect(answer.status).toBe(200);
  return (await answer.json()) as { received: boolean; duplicate: boolean };
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

    // The receipt: the same figures, the period it pays for, Stripe's invoice number, the pie's link.
    const [invoice] = await sql.query<{ id: string; period_start: Date; period_end: Date }>(`select id, period_start, period_end from billing.invoices where fan_id = $1`, [fan.id]);
    const receipt = await platform.inbox.waitForMessage({ to: fan.email, subjectIncludes: PAYMENT_RECEIPT_SUBJECT, timeoutMs: 20_000 });
    expect(receipt.subject).toBe(`${PAYMENT_RECEIPT_SUBJECT}: $10.00 for ${formatPeriod(invoice.period_start, invoice.period_end)}`);
    for (const line of ['Paid: $10.00', 'Card processing fee (Stripe): \u2212$0.59', 'Pie’s fee: \u2212$1.00', 'For your artists: $8.41', `Receipt number: ${invoice.id}`, 'See your pie: http://localhost:3000/pie']) {
      expect(receipt.text).toContain(line);
    }
  });

  it('sends one receipt per invoice, however often and however concurrently invoice.paid arrives', async () => {
    const fan = await newFan();
    await checkoutAndPay(fan, '7.50');
    await platform.inbox.waitForMessage({ to: fan.email, subjectIncludes: PAYMENT_RECEIPT_SUBJECT, timeoutMs: 20_000 });
    const [{ id: invoiceId, stripe_customer_id: customer }] = await sql.query<{ id: string; stripe_customer_id: string }>(
      `select i.id, c.stripe_customer_id from billing.invoices i join billing.customers c on c.fan_id = i.fan_id where i.fan_id = $1`,
      [fan.id],
    );
    const paid = (await platform.stripe.events.list({ type: 'invoice.paid', limit: 100 })).data.find((event) => (event.data.object as Stripe.Invoice).customer === customer)!;
    expect((paid.data.object as Stripe.Invoice).id).toBe(invoiceId);

    // Stripe retries the same event; the event arrives again under a new id; two workers run it at once.
    expect(await deliver(paid)).toEqual({ received: true, duplicate: true });
    expect(await deliver({ ...paid, id: `evt_again_${randomUUID().replaceAll('-', '')}` })).toEqual({ received: true, duplicate: false });
    const processor = platform.worker!.get(StripeEventProcessor);
    await Promise.all([processor.recordInvoicePaid(invoiceId), processor.recordInvoicePaid(invoiceId)]);
    await platform.settled();

    expect(await mailJobs(fan.email, PAYMENT_RECEIPT_SUBJECT)).toBe(1);
    expect((await platform.inbox.list({ to: fan.email })).filter((mail) => mail.subject.startsWith(PAYMENT_RECEIPT_SUBJECT))).toHaveLength(1);
    expect(await journalsOf(fan.id, 'invoice_paid')).toHaveLength(1);
  });

  it('tells identity the fan’s Stripe customer: the fan’s own record and the back office’s page of the fan show it', async () => {
    const fan = await newFan();
    expect((await get(fan, '/api/user')).body.data.stripe_customer_id).toBeNull();
    const checkout = await post(fan, '/api/stripe/createCheckout', { amount: '5.00', pieDays: 30, artistLimit: 15, artistPopularity: 40, excludeNonActive: true });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const customer = await sql.value<string>(`select stripe_customer_id from billing.customers where fan_id = $1`, [fan.id]);
    expect(customer).toMatch(/^cus_/);
    // Billing announces the customer (billing.stripe-customer-created.v1); identity's copy follows.
    await platform.settled();
    expect((await get(fan, '/api/user')).body.data.stripe_customer_id).toBe(customer);
    const admin = await makeAccount(sql, 'admin');
    const { cookies } = await logIn(platform, admin);
    expect((await platform.request('GET', `/api/admin/fans/${fan.id}`, { cookies })).body.data.stripeCustomerId).toBe(customer);
  });

  it('tells identity a Stripe customer adopted from a webhook by its metadata, as it does one made at checkout', async () => {
    const fan = await newFan();
    // A customer Pie made for the fan whose row never committed (Pie's metadata, no billing.customers
    // row): the first webhook naming it adopts it.
    const customer = await platform.stripe.customers.create({ email: fan.email, metadata: { fan_id: fan.id } });
    const session = await platform.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 500, recurring: { interval: 'day', interval_count: 30 }, product_data: { name: 'Pie' } } }],
      metadata: { fan_id: fan.id },
      subscription_data: { metadata: { fan_id: fan.id, amount_cents: '500', pie_days: '30', artist_limit: '15', artist_popularity: '40', exclude_non_active: 'true' } },
      success_url: 'http://localhost/ok',
    });
    const paid = await platform.stripeControl.payCheckoutSession(session.id);
    const subscriptionId = typeof paid.subscription === 'string' ? paid.subscription : paid.subscription!.id;
    // What the webhook would run, to completion (the background deliveries race it harmlessly).
    await platform.worker!.get(StripeEventProcessor).syncSubscription(subscriptionId);
    expect(await sql.value(`select stripe_customer_id from billing.customers where fan_id = $1`, [fan.id])).toBe(customer.id);

    await platform.settled();
    expect((await get(fan, '/api/user')).body.data.stripe_customer_id).toBe(customer.id);
    const admin = await makeAccount(sql, 'admin');
    const { cookies } = await logIn(platform, admin);
    expect((await platform.request('GET', `/api/admin/fans/${fan.id}`, { cookies })).body.data.stripeCustomerId).toBe(customer.id);
    expect(await sql.value(`select count(*)::int from platform.outbox where job_name = 'billing.stripe-customer-created.v1' and payload ->> 'fanId' = $1`, [fan.id])).toBe(1);
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
  const closeInto = (fanId: string, escrow: string): JournalInput => ({
    kind: JOURNAL_KINDS.piePeriodClosed,
    idempotencyKey: `test-close:${fanId}`,
    occurredAt: new Date(),
    references: { fanId },
    postings: [{ account: accounts.fanWallet(fanId), amountCents: -800 }, { account: escrow, amountCents: 800, fanId }],
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
        const [row] = await sql.query<{ waiting: number }>(`select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database() and query ~ 'ledger"?\\."?accounts'`);
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
      [accounts.stripeClearing]: 1000,
      [accounts.fanWallet(fan.id)]: -841,
      [accounts.refunds]: -159,
    });
    // The fee as Stripe charged it (the withdrawal's balance transaction), a Stripe fee the platform bears.
    await eventually('the dispute fee journal', async () => (await journalsOf(fan.id, 'dispute_fee')).length === 1);
    expect(await postingsOf(`dispute_fee:${dispute.balance_transactions[0].id}`)).toEqual({ [accounts.processorFees]: 1500, [accounts.refunds]: -1500 });
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

    expect(await mailJobs(owner.email, PIE_CANCELLED_SUBJECT)).toBe(0);

    const own = await post(owner, '/api/stripe/cancelSubscription', { subscriptionId: subscription.id });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ id: subscription.id, cancelAtPeriodEnd: true, status: 'active' });
    expect((await platform.stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(true);
    // The fan is told the day it ends (the paid period's end), once, though Stripe's webhook reports it too.
    const ends = formatDay(own.body.data.currentPeriodEnd);
    const mail = await platform.inbox.waitForMessage({ to: owner.email, subjectIncludes: PIE_CANCELLED_SUBJECT, timeoutMs: 20_000 });
    expect(mail.subject).toBe(`${PIE_CANCELLED_SUBJECT}: it ends on ${ends}`);
    expect(mail.text).toContain(`It stays active until ${ends}, the end of the period you already paid for`);
    expect(mail.text).toContain('You will not be charged again.');
    expect(mail.text).toContain('See your pie: http://localhost:3000/pie');
    await platform.settled();
    expect(await mailJobs(owner.email, PIE_CANCELLED_SUBJECT)).toBe(1);
    expect(await mailJobs(other.email, PIE_CANCELLED_SUBJECT)).toBe(0);
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
    // Two cancellations, two mails; the renewal in between sends none.
    await platform.settled();
    expect(await mailJobs(fan.email, PIE_CANCELLED_SUBJECT)).toBe(2);
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
  it('bills a new amount and period length from the end of the period already paid: one charge, periods end to end', async () => {
    const fan = await newFan();
    await checkoutAndPay(fan, '10.00', '4242424242424242', 7);
    const subscription = await eventually('the subscription carrying its pie', async () => {
      const response = await get(fan, '/api/stripe/activeSubscription');
      return response.body.data?.metadata?.pie_id ? response.body.data : undefined;
    });
    const pieId = subscription.metadata.pie_id as string;
    const paidInvoices = async () =>
      (await platform.stripe.invoices.list({ subscription: subscription.id })).data
        .filter((invoice) => invoice.status === 'paid')
        .map((invoice) => [invoice.amount_paid, (invoice.lines.data[0].period.end - invoice.lines.data[0].period.start) / 86_400])
        .sort((a, b) => a[0] - b[0]);

    const saved = await platform.request('PATCH', `/api/pie/${pieId}`, { cookies: fan.cookies, body: { amount: '20.00', pieDays: 14 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const schedule = await eventually('the change scheduled on Stripe', async () => {
      const scheduleId = (await platform.stripe.subscriptions.retrieve(subscription.id)).schedule;
      const found = scheduleId ? await platform.stripe.subscriptionSchedules.retrieve(scheduleId as string) : null;
      return found && found.phases.length === 2 ? found : undefined;
    });
    expect(schedule.phases[0].end_date).toBe(Math.floor(new Date(subscription.currentPeriodEnd).getTime() / 1000));
    // Nothing is charged now and the running period keeps its price and length.
    const running = await platform.stripe.subscriptions.retrieve(subscription.id);
    expect([running.items.data[0].price.unit_amount, running.items.data[0].price.recurring?.interval_count]).toEqual([1000, 7]);
    expect(await paidInvoices()).toEqual([[1000, 7]]);

    await platform.stripeControl.advanceClock({ days: 7, seconds: 60 });
    await eventually('the renewal at the new amount and length', async () => (await paidInvoices()).length === 2);
    expect(await paidInvoices()).toEqual([[1000, 7], [2000, 14]]);
    const periods = await eventually('the second period opened', async () => {
      const rows = await sql.query<{ starts_at: Date; ends_at: Date; funded_cents: string }>(`select starts_at, ends_at, funded_cents from pies.periods where pie_id = $1 order by starts_at`, [pieId]);
      return rows.length === 2 ? rows : undefined;
    });
    // End to end, never overlapping: the new period starts where the paid one ended and lasts 14 days.
    expect(periods[1].starts_at.getTime()).toBe(periods[0].ends_at.getTime());
    expect((periods[1].ends_at.getTime() - periods[1].starts_at.getTime()) / 86_400_000).toBe(14);
    await eventually("billing's copy of the new amount", async () => (await get(fan, '/api/stripe/activeSubscription')).body.data.pieSettings.amountCents === 2000);
    // The clock move renewed every subscription of this file: let their webhooks land before the platform stops.
    await platform.stripeControl.flushWebhooks();
  });
});
