import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoPoolTopUp } from '#pie/billing/testing';
import { addPromotionCodes } from '#pie/identity/testing';
import { accounts, Ledger } from '#pie/ledger';
import { PAYMENT_RECEIPT_SUBJECT } from '#pie/notifications/testing';
import { expireEscrowOf } from '#pie/payouts/testing';
import { Database } from '#pie/platform';
import { ACCOUNT_DELETED_SUBJECT } from '../../../libs/billing/src/domain/account-deleted-email.js';
import { TestPlatform } from '../../support/test-platform.js';
import { closeIntoEscrow } from '../../support/ledger-fixtures.js';
import { logIn, makeAccount } from '../../support/accounts.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';

// A fan who deletes their account is never charged again, gets back to their card what no artist
// has been allocated, and is told so; what their pies gave to artists stays with the artists.

let platform: TestPlatform;
let sql: Sql;
let ledger: Ledger;

beforeAll(async () => {
  platform = await TestPlatform.start({ label: 'account-deletion-money', stripe: true });
  sql = openSql(platform.database.url);
  ledger = new Ledger(platform.api.get(Database));
  // Codes for the free pies below: a code is taken when a free pie starts.
  await platform.api.get(Database).transaction((em) => addPromotionCodes(em, Array.from({ length: 10 }, (_, i) => `TRYMYPIE-${i}`)));
});
afterAll(async () => {
  await sql?.close();
  await platform?.close();
}, 180_000);

const balanceOf = async (code: string) => Number((await sql.query<{ balance_cents: string }>(`select balance_cents from ledger.accounts where code = $1`, [code]))[0]?.balance_cents ?? 0);
const DAY = 86_400_000;

/** A fan who paid one $10.00 pie: 841 in the wallet. */
async function paidFan() {
  const account = await makeAccount(sql, 'fan');
  const { cookies } = await logIn(platform, account);
  const checkout = await platform.request('POST', '/api/stripe/createCheckout', { cookies, body: { amount: '10.00', pieDays: 7 } });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  await platform.stripeControl.payCheckoutSession(checkout.body.data.sessionId);
  const wallet = accounts.fanWallet(account.id);
  await eventually('the first payment', async () => (await balanceOf(wallet)) === 841);
  const charge = await eventually('the charge', () => sql.value<string>(`select charge_id from billing.invoices where fan_id = $1`, [account.id]));
  return { account, cookies, wallet, charge };
}

/** Deletes the account and waits for its settlement's e-mail (the settlement has run). */
async function deleteAccount(account: { email: string }, cookies: Record<string, string>) {
  expect((await platform.request('DELETE', '/api/auth/account', { cookies })).status).toBe(200);
  return platform.inbox.waitForMessage({ to: account.email, subjectIncludes: ACCOUNT_DELETED_SUBJECT, timeoutMs: 30_000 });
}

const refundsOf = async (charge: string) => (await platform.stripe.refunds.list({ charge })).data.map((r) => [r.amount, r.metadata?.pie_reason]);

/** The ledger's own invariants hold (every journal balanced, no negative wallet or holding…). */
async function expectBooksSound(): Promise<void> {
  const report = await ledger.checkInvariants();
  expect(report.results.filter((result) => !result.ok)).toEqual([]);
}

describe('deleting a fan account', () => {
  it('cancels the subscription now, refunds the unallocated wallet across charges, books it, and e-mails the fan', async () => {
    const { account, cookies, wallet } = await paidFan();
    await platform.stripeControl.advanceClock({ days: 7, seconds: 60 });
    await eventually('the renewal', async () => (await balanceOf(wallet)) === 1682);
    const [{ id: subscriptionId }] = await sql.query<{ id: string }>(`select id from billing.subscriptions where fan_id = $1`, [account.id]);
    const charges = (await sql.query<{ charge_id: string }>(`select charge_id from billing.invoices where fan_id = $1 order by paid_at`, [account.id])).map((row) => row.charge_id);
    expect(charges).toHaveLength(2);

    // A close gave 3.00 of it to an artist (the journal a pie close posts): that money is the artist's.
    const artist = await closeIntoEscrow(ledger, account.id, 300);

    expect((await platform.request('DELETE', '/api/auth/account', { cookies })).status).toBe(200);

    const mail = await platform.inbox.waitForMessage({ to: account.email, subjectIncludes: ACCOUNT_DELETED_SUBJECT, timeoutMs: 30_000 });
    expect(mail.text).toContain('you will not be charged again');
    expect(mail.text).toContain('$13.82 that had not been given to any artist yet is refunded to your card ending in 4242');
    expect(mail.text).toContain('The $3.00 your pies already gave to artists stays theirs.');

    expect((await platform.stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    // Newest charge first, each refund within what its charge can still refund (Stripe's rule).
    const refunds = await Promise.all(charges.map(async (charge) => (await platform.stripe.refunds.list({ charge })).data.map((r) => [r.amount, r.metadata?.pie_reason])));
    expect(refunds).toEqual([[[382, 'account_deleted']], [[1000, 'account_deleted']]]);
    expect(await balanceOf(wallet)).toBe(0);
    expect(await balanceOf(accounts.artistEscrow(artist))).toBe(300);
    const journals = await sql.query<{ idempotency_key: string; wallet: string; clearing: string }>(
      `select j.idempotency_key,
              sum(p.amount_cents) filter (where p.account = $2) as wallet,
              sum(p.amount_cents) filter (where p.account = 'stripe_clearing') as clearing
         from ledger.journals j join ledger.postings p on p.journal_id = j.id
        where j.kind = 'refund' and j."references"->>'fanId' = $1 group by j.idempotency_key order by 2`,
      [account.id, wallet],
    );
    expect(journals.map((j) => [Number(j.wallet), Number(j.clearing)])).toEqual([[-1000, 1000], [-382, 382]]);
    expect(journals.every((j) => /^refund:re_/.test(j.idempotency_key))).toBe(true);

    // Time passes: no renewal, no charge, and the refund webhooks book nothing twice.
    await platform.stripeControl.advanceClock({ days: 15 });
    await platform.stripeControl.flushWebhooks();
    expect((await platform.stripe.invoices.list({ subscription: subscriptionId })).data.filter((i) => i.status === 'paid')).toHaveLength(2);
    expect(await balanceOf(wallet)).toBe(0);
    expect((await sql.query(`select 1 from ledger.journals where kind = 'refund' and "references"->>'fanId' = $1`, [account.id])).length).toBe(2);
  });

  it('a chargeback before the deletion, won after it: Stripe reinstates the money into the deleted wallet and it goes back to the card, booked once', async () => {
    const { account, cookies, wallet, charge } = await paidFan();
    const dispute = await platform.stripeControl.disputeCharge(charge);
    await eventually('the chargeback booked', async () => (await balanceOf(wallet)) === 0);

    // The chargeback holds the charge: nothing is left to refund at the deletion.
    const mail = await deleteAccount(account, cookies);
    expect(mail.text).toContain('nothing to refund');
    expect(await refundsOf(charge)).toEqual([]);

    // Won: the 841 the chargeback took from the wallet comes back to it, for an account that no
    // longer exists. A won dispute's charge can be refunded again, so it goes back to the card.
    await platform.stripeControl.closeDispute(dispute.id, 'won');
    await eventually('the reinstated money refunded', async () => (await refundsOf(charge)).length === 1);
    expect(await refundsOf(charge)).toEqual([[841, 'account_deleted']]);
    await platform.stripeControl.flushWebhooks();
    await eventually('the outbox relayed', async () => (await sql.value<number>(`select count(*)::int from platform.outbox where published_at is null`)) === 0);
    expect(await balanceOf(wallet)).toBe(0);
    const kinds = await sql.query<{ kind: string; wallet: string }>(
      `select j.kind, sum(p.amount_cents) as wallet from ledger.journals j join ledger.postings p on p.journal_id = j.id and p.account = $2
        where j."references"->>'fanId' = $1 group by j.id, j.kind, j.recorded_at order by j.recorded_at`,
      [account.id, wallet],
    );
    expect(kinds.map((k) => [k.kind, Number(k.wallet)])).toEqual([['invoice_paid', 841], ['dispute', -841], ['dispute_won', 841], ['refund', -841]]);
    // No address is left to write to: the only e-mail is the deletion's.
    expect((await platform.inbox.list({ to: account.email })).map((m) => m.subject).filter((subject) => !subject.startsWith(PAYMENT_RECEIPT_SUBJECT))).toEqual([ACCOUNT_DELETED_SUBJECT]);
    await expectBooksSound();
  });

  it('a charge under an inquiry is refunded at the deletion (Stripe allows it), and escrow that expires afterwards goes back to the card too', async () => {
    const { account, cookies, wallet, charge } = await paidFan();
    await platform.stripeControl.disputeCharge(charge, { inquiry: true });
    // A close gave 3.00 of it to an artist nobody has claimed (the journal a pie close posts).
    const artist = await closeIntoEscrow(ledger, account.id, 300, { occurredAt: new Date(Date.now() - 2 * DAY) });

    const mail = await deleteAccount(account, cookies);
    expect(mail.text).toContain('$5.41 that had not been given to any artist yet is refunded to your card ending in 4242');
    expect(await refundsOf(charge)).toEqual([[541, 'account_deleted']]);

    // Nobody claims the artist: the escrow expires back to the deleted fan's wallet, and from there to the card.
    const returned = await platform.worker!.get(Database).transaction((tx) => expireEscrowOf(tx, artist, new Date(Date.now() - DAY)));
    expect(returned).toEqual([{ artistId: artist, fanId: account.id, amountCents: 300 }]);
    await eventually('the expired escrow refunded', async () => (await refundsOf(charge)).length === 2);
    expect((await refundsOf(charge)).sort()).toEqual([[300, 'account_deleted'], [541, 'account_deleted']]);
    await eventually('the wallet empty', async () => (await balanceOf(wallet)) === 0);
    await expectBooksSound();
  });

  it('on the free pie: the promotion no artist got goes back to the promotion pool, nothing is refunded, and the fan is told', async () => {
    const account = await makeAccount(sql, 'fan');
    const { cookies } = await logIn(platform, account);
    await sql.query(`update identity.fans set promo_eligible = true where id = $1`, [account.id]);
    await ledger.post(promoPoolTopUp({ amountCents: 500, idempotencyKey: `test-top-up-${account.id}` }));
    expect((await platform.request('POST', '/api/stripe/createPromoSubscription', { cookies, body: {} })).status).toBe(201);
    const pool = await balanceOf(accounts.promoPool);
    expect(await balanceOf(accounts.fanWallet(account.id))).toBe(500);

    expect((await platform.request('DELETE', '/api/auth/account', { cookies })).status).toBe(200);
    const mail = await platform.inbox.waitForMessage({ to: account.email, subjectIncludes: ACCOUNT_DELETED_SUBJECT, timeoutMs: 30_000 });
    expect(mail.text).toContain('nothing to refund');
    expect(mail.text).toContain('The unused $5.00 of your free promotional pie goes back to the promotion.');
    expect(await balanceOf(accounts.fanWallet(account.id))).toBe(0);
    expect(await balanceOf(accounts.promoPool)).toBe(pool + 500);
    const [row] = await sql.query<{ status: string }>(`select status from billing.subscriptions where fan_id = $1`, [account.id]);
    expect(row!.status).toBe('canceled');
  });
});
