import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, Ledger } from '#pie/ledger';
import { Database } from '#pie/platform';
import { StripeEventProcessor } from '../../../libs/billing/src/domain/stripe-event-processor.js';
import { TestPlatform } from '../../support/test-platform.js';
import { logIn, makeAccount } from '../../support/accounts.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';

// What Stripe really does with a fan's money (issue 26, defects 3 and 9), end to end through the
// sandbox's Stripe: only money Stripe moved is booked, when its balance transactions say so.

let platform: TestPlatform;
let sql: Sql;
let ledger: Ledger;

beforeAll(async () => {
  platform = await TestPlatform.start({ label: 'stripe-money-paths', stripe: true });
  sql = openSql(platform.database.url);
  ledger = new Ledger(platform.api.get(Database));
});
afterAll(async () => {
  await sql?.close();
  await platform?.close();
}, 180_000);

interface Fan {
  id: string;
  cookies: Record<string, string>;
}

async function newFan(): Promise<Fan> {
  const account = await makeAccount(sql, 'fan');
  const { cookies } = await logIn(platform, account);
  return { id: account.id, cookies };
}

const walletOf = async (fan: Fan) => (await platform.request('GET', '/api/fan-wallet/balance', { cookies: fan.cookies })).body.data.balanceCents as number;

/** A $10 pie paid on the sandbox's checkout: 841¢ reach the wallet (59¢ Stripe, 100¢ Pie). */
async function paidFan(pieDays = 30): Promise<{ fan: Fan; charge: string; customer: string; subscription: string }> {
  const fan = await newFan();
  const checkout = await platform.request('POST', '/api/stripe/createCheckout', { cookies: fan.cookies, body: { amount: '10.00', pieDays, artistLimit: 10, artistPopularity: 0, excludeNonActive: false } });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  await platform.stripeControl.payCheckoutSession(checkout.body.data.sessionId);
  await eventually('paid', async () => (await walletOf(fan)) === 841);
  const [row] = await sql.query<{ charge_id: string; subscription_id: string }>(`select charge_id, subscription_id from billing.invoices where fan_id = $1`, [fan.id]);
  const subscription = await platform.stripe.subscriptions.retrieve(row!.subscription_id);
  return { fan, charge: row!.charge_id, customer: subscription.customer as string, subscription: row!.subscription_id };
}

const journalKinds = async (fanId: string) =>
  (await sql.query<{ kind: string }>(`select kind from ledger.journals where "references"->>'fanId' = $1 order by occurred_at, kind`, [fanId])).map((row) => row.kind);

async function postingsOf(journalKey: string): Promise<Record<string, number>> {
  const rows = await sql.query<{ account: string; amount_cents: string }>(
    `select p.account, p.amount_cents from ledger.postings p join ledger.journals j on j.id = p.journal_id where j.idempotency_key = $1`,
    [journalKey],
  );
  return Object.fromEntries(rows.map((row) => [row.account, Number(row.amount_cents)]));
}

/** Every event the sandbox sent is stored and relayed; then the worker's handling of `disputeId` is run here too (idempotent), so "nothing booked" is known, not hoped. */
async function settled(disputeId?: string): Promise<void> {
  await platform.stripeControl.flushWebhooks();
  await eventually('every Stripe event relayed', async () => (await sql.value<number>(`select count(*)::int from platform.outbox where published_at is null`)) === 0);
  if (disputeId) await platform.worker!.get(StripeEventProcessor).recordDispute(disputeId);
}

async function expectBooksSound(): Promise<void> {
  const report = await ledger.checkInvariants();
  expect(report.results.filter((result) => !result.ok)).toEqual([]);
}

describe('disputes: only a chargeback moves money (charge.dispute.funds_withdrawn), with its fee', () => {
  it('an inquiry moves nothing: the wallet keeps its 841; settling it by refund takes only the refunded 1000', async () => {
    const { fan, charge } = await paidFan();
    const inquiry = await platform.stripeControl.disputeCharge(charge, { inquiry: true });
    await settled(inquiry.id);
    expect(await walletOf(fan)).toBe(841);
    expect(await journalKinds(fan.id)).toEqual(['invoice_paid']);

    await platform.stripeControl.refundCharge(charge);
    await eventually('the refund journal', async () => (await journalKinds(fan.id)).includes('refund'));
    await settled(inquiry.id);
    expect((await platform.stripe.disputes.retrieve(inquiry.id)).status).toBe('warning_closed');
    const refund = (await platform.stripe.refunds.list({ charge })).data[0];
    expect(await postingsOf(`refund:${refund.id}`)).toEqual({ [accounts.stripeClearing]: 1000, [accounts.fanWallet(fan.id)]: -841, [accounts.refunds]: -159 });
    expect(await journalKinds(fan.id)).toEqual(['invoice_paid', 'refund']);
    const outOfClearing = await sql.value<string>(
      `select coalesce(sum(p.amount_cents), 0) from ledger.postings p join ledger.journals j on j.id = p.journal_id where j."references"->>'fanId' = $1 and p.account = 'stripe_clearing' and j.kind <> 'invoice_paid'`,
      [fan.id],
    );
    expect(Number(outOfClearing)).toBe(1000);
    expect(await walletOf(fan)).toBe(0);
    await expectBooksSound();
  });

  it('an inquiry that becomes a chargeback books the amount and Stripe’s $15 fee when the funds are withdrawn; lost, nothing more', async () => {
    const { fan, charge } = await paidFan();
    const inquiry = await platform.stripeControl.disputeCharge(charge, { inquiry: true });
    await settled(inquiry.id);
    expect(await walletOf(fan)).toBe(841);
    const chargeback = await platform.stripeControl.escalateDispute(inquiry.id);
    await eventually('the dispute journal', async () => (await journalKinds(fan.id)).includes('dispute_fee'));
    expect(await postingsOf(`dispute:${inquiry.id}`)).toEqual({ [accounts.stripeClearing]: 1000, [accounts.fanWallet(fan.id)]: -841, [accounts.refunds]: -159 });
    expect(await postingsOf(`dispute_fee:${chargeback.balance_transactions[0].id}`)).toEqual({ [accounts.processorFees]: 1500, [accounts.refunds]: -1500 });
    await platform.stripeControl.closeDispute(inquiry.id, 'lost');
    await settled(inquiry.id);
    expect((await journalKinds(fan.id)).sort()).toEqual(['dispute', 'dispute_fee', 'invoice_paid']);
    await expectBooksSound();
  });

  it('a chargeback won gives the amount back where it came from when the funds are reinstated; the fee stays Stripe’s', async () => {
    const { fan, charge } = await paidFan();
    const dispute = await platform.stripeControl.disputeCharge(charge);
    await eventually('the dispute journal', async () => (await journalKinds(fan.id)).includes('dispute'));
    expect(await walletOf(fan)).toBe(0);
    await platform.stripeControl.closeDispute(dispute.id, 'won');
    await eventually('the reinstatement', async () => (await journalKinds(fan.id)).includes('dispute_won'));
    expect(await postingsOf(`dispute_won:${dispute.id}`)).toEqual({ [accounts.stripeClearing]: -1000, [accounts.fanWallet(fan.id)]: 841, [accounts.refunds]: 159 });
    expect(await walletOf(fan)).toBe(841);
    await settled(dispute.id);
    expect((await journalKinds(fan.id)).filter((kind) => kind === 'dispute_fee')).toHaveLength(1);
    await expectBooksSound();
  });
});

describe('other Stripe paths (defect 9)', () => {
  it('a refund that fails after succeeding puts the money back where the refund took it', async () => {
    const { fan, charge } = await paidFan();
    const refund = await platform.stripeControl.refundCharge(charge, { amount: 500 });
    await eventually('the refund journal', async () => (await journalKinds(fan.id)).includes('refund'));
    expect(await walletOf(fan)).toBe(341);
    await platform.stripeControl.failRefund(refund.id);
    await eventually('the failed refund journal', async () => (await journalKinds(fan.id)).includes('refund_failed'));
    expect(await postingsOf(`refund_failed:${refund.id}`)).toEqual({ [accounts.stripeClearing]: -500, [accounts.fanWallet(fan.id)]: 500 });
    expect(await walletOf(fan)).toBe(841);
    const summary = (await platform.request('GET', '/api/fan-wallet/summary', { cookies: fan.cookies })).body.data;
    expect(summary.refundedCents).toBe(0);
    await expectBooksSound();
  });

  it('a $0 invoice (the customer’s credit balance covers it) opens its period with no journal, no error and no dead job', async () => {
    const { fan, customer, subscription } = await paidFan(7);
    await platform.stripe.customers.update(customer, { balance: -1000 });
    await platform.stripeControl.advanceClock({ days: 7 });
    const renewal = (await platform.stripe.invoices.list({ subscription, limit: 1 })).data[0];
    expect(renewal).toMatchObject({ status: 'paid', amount_due: 0, billing_reason: 'subscription_cycle' });
    const row = await eventually('the invoice recorded', async () => (await sql.query<{ gross_cents: string; journal_id: string | null }>(`select gross_cents, journal_id from billing.invoices where id = $1`, [renewal.id]))[0]);
    expect(row).toEqual({ gross_cents: '0', journal_id: null });
    await eventually('the period opened', async () => (await sql.value<number>(`select count(*)::int from pies.periods where invoice_id = $1`, [renewal.id])) === 1);
    await settled();
    expect(await sql.value<number>(`select count(*)::int from platform.dead_jobs`)).toBe(0);
    expect(await sql.value<number>(`select count(*)::int from ledger.journals where "references"->>'stripeInvoiceId' = $1`, [renewal.id])).toBe(0);
    expect(await walletOf(fan)).toBe(841);
  });

  it('an invoice marked paid out of band is never credited as money Stripe collected', async () => {
    const { fan, customer, subscription } = await paidFan(7);
    await platform.stripeControl.setRenewalCard(customer, '4000000000000341');
    await platform.stripeControl.advanceClock({ days: 7 });
    const open = (await platform.stripe.invoices.list({ subscription, status: 'open', limit: 1 })).data[0];
    await platform.stripe.invoices.pay(open.id, { paid_out_of_band: true });
    const row = await eventually('the invoice recorded', async () => (await sql.query<{ gross_cents: string; journal_id: string | null }>(`select gross_cents, journal_id from billing.invoices where id = $1`, [open.id]))[0]);
    expect(row).toEqual({ gross_cents: '0', journal_id: null });
    await settled();
    expect(await sql.value<number>(`select count(*)::int from ledger.journals where "references"->>'stripeInvoiceId' = $1`, [open.id])).toBe(0);
    expect(await walletOf(fan)).toBe(841);
    await expectBooksSound();
  });
});
