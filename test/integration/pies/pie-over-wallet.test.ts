import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoPoolTopUp } from '#pie/billing/testing';
import { addPromotionCodes } from '#pie/identity/testing';
import { accounts, Ledger } from '#pie/ledger';
import { ExpireEscrow, expireEscrowOf } from '#pie/payouts/testing';
import { Database, recordInOutbox } from '#pie/platform';
import { closePiePeriod, PERIOD_ROLLED_OVER_SUBJECT } from '#pie/pies/testing';
import { FinishedPieSettlement } from '../../../libs/billing/src/domain/finished-pie-settlement.js';
import { ESCROW_RETURNED_SUBJECT } from '../../../libs/billing/src/domain/escrow-returned-email.js';
import { PIE_ENDED_SUBJECT } from '../../../libs/billing/src/domain/pie-ended-email.js';
import { TestPlatform } from '../../support/test-platform.js';
import { closeIntoEscrow } from '../../support/ledger-fixtures.js';
import { logIn, makeAccount, type TestAccount } from '../../support/accounts.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';

// When a fan's pie is over (no live pie, every period closed), no later close will split what the
// wallet still holds: it goes back to the fan — the promotion to the pool, the rest to the card —
// with one e-mail. Never while a pie can still split it.

let platform: TestPlatform;
let sql: Sql;
let ledger: Ledger;
let database: Database;

beforeAll(async () => {
  platform = await TestPlatform.start({ label: 'pie-over-wallet', stripe: true });
  sql = openSql(platform.database.url);
  database = platform.api.get(Database);
  ledger = new Ledger(database);
});
afterAll(async () => {
  await sql?.close();
  await platform?.close();
}, 180_000);

const DAY = 86_400_000;
const FINISHED = 'pies.pie-finished.v1';
const CONSUMER = 'billing.return-wallet-of-finished-pie';

const walletOf = async (fanId: string) => Number((await sql.value<string>(`select balance_cents from ledger.accounts where code = $1`, [accounts.fanWallet(fanId)])) ?? 0);
const balanceOf = async (code: string) => Number((await sql.value<string>(`select balance_cents from ledger.accounts where code = $1`, [code])) ?? 0);
const finishedEvents = (fanId: string) => sql.query<{ id: string; payload: { fanId: string; pieId: string } }>(`select id, payload from platform.outbox where job_name = $1 and payload->>'fanId' = $2`, [FINISHED, fanId]);
const pieStatus = (subscriptionId: string) => sql.value<string>(`select status from pies.pies where subscription_id = $1`, [subscriptionId]);

async function paidFan(): Promise<{ fan: TestAccount; cookies: Record<string, string>; subscriptionId: string; chargeId: string; customerId: string }> {
  const fan = await makeAccount(sql, 'fan');
  const { cookies } = await logIn(platform, fan);
  const checkout = await platform.request('POST', '/api/stripe/createCheckout', { cookies, body: { amount: '10.00', pieDays: 7 } });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  await platform.stripeControl.payCheckoutSession(checkout.body.data.sessionId);
  await eventually('the first payment', async () => (await walletOf(fan.id)) === 841);
  const subscriptionId = await eventually('the pie', () => sql.value<string>(`select subscription_id from pies.pies where fan_id = $1 and status = 'active'`, [fan.id]));
  const chargeId = await sql.value<string>(`select charge_id from billing.invoices where fan_id = $1`, [fan.id]);
  const customerId = await sql.value<string>(`select stripe_customer_id from billing.customers where fan_id = $1`, [fan.id]);
  return { fan, cookies, subscriptionId, chargeId, customerId };
}

/** Closes the fan's open period of this pie as the worker would just after it ended (no listening: the money rolls over). */
async function closeOpenPeriod(subscriptionId: string) {
  const [period] = await sql.query<{ id: string; ends_at: Date }>(
    `select pr.id, pr.ends_at from pies.periods pr join pies.pies p on p.id = pr.pie_id where p.subscription_id = $1 and pr.state <> 'closed'`,
    [subscriptionId],
  );
  return database.transaction((tx) => closePiePeriod(tx, period!.id, new Date(period!.ends_at.getTime() + 60_000)));
}

/** Every event recorded so far is relayed and every pie-finished event handled by billing. */
async function settled(fanId: string): Promise<void> {
  await platform.stripeControl.flushWebhooks();
  await eventually('the outbox relayed', async () => (await sql.value<number>(`select count(*)::int from platform.outbox where published_at is null`)) === 0);
  for (const event of await finishedEvents(fanId)) {
    await eventually(`billing handled ${event.id}`, async () => (await sql.query(`select 1 from platform.inbox where consumer = $1 and message_id = $2`, [CONSUMER, event.id])).length > 0);
  }
}

/** The pie-ended e-mails recorded for the fan (in the outbox with the effect that sends them, so none is still on its way). */
const pieEndedMails = (fan: TestAccount) =>
  sql.value<number>(`select count(*)::int from platform.outbox where job_name = 'notifications.send-email' and payload->>'to' = $1 and payload->>'subject' = $2`, [fan.email, PIE_ENDED_SUBJECT]);

const refundsOf = async (chargeId: string) => (await platform.stripe.refunds.list({ charge: chargeId })).data.map((refund) => [refund.amount, refund.metadata?.pie_reason]);

async function expectBooksSound(): Promise<void> {
  const report = await ledger.checkInvariants();
  expect(report.results.filter((result) => !result.ok)).toEqual([]);
}

describe('a pie that is over gives the wallet back', () => {
  it('a cancelled pie whose last period had no listening: nothing while the period runs, then the wallet refunded to the card at its close, booked, and one e-mail', async () => {
    const { fan, cookies, subscriptionId, chargeId } = await paidFan();
    expect((await platform.request('POST', '/api/stripe/cancelSubscription', { cookies, body: { subscriptionId } })).status).toBe(200);

    // Stripe ends the subscription at the period's end; the status arrives before the period's close.
    await platform.stripeControl.advanceClock({ days: 7, seconds: 60 });
    await eventually('the pie canceled', async () => (await pieStatus(subscriptionId)) === 'canceled');
    await settled(fan.id);
    expect(await finishedEvents(fan.id)).toEqual([]);
    expect(await walletOf(fan.id)).toBe(841);
    expect(await refundsOf(chargeId)).toEqual([]);

    expect(await closeOpenPeriod(subscriptionId)).toMatchObject({ status: 'closed', rolledOver: true, rolledOverBecause: 'no_listening' });
    const mail = await platform.inbox.waitForMessage({ to: fan.email, subjectIncludes: PIE_ENDED_SUBJECT, timeoutMs: 30_000 });
    expect(mail.text).toContain('Your pie has ended');
    expect(mail.text).toContain('$8.41 that had not been given to any artist yet is refunded to your card ending in 4242');
    const closeMail = await platform.inbox.waitForMessage({ to: fan.email, subjectIncludes: PERIOD_ROLLED_OVER_SUBJECT, timeoutMs: 30_000 });
    expect(closeMail.text).toContain('Your pie has ended, so there is no next period to split it');

    expect(await walletOf(fan.id)).toBe(0);
    expect(await refundsOf(chargeId)).toEqual([[841, 'pie_ended']]);
    const [refund] = await sql.query<{ idempotency_key: string; wallet: string; clearing: string }>(
      `select j.idempotency_key, sum(p.amount_cents) filter (where p.account = $2) as wallet, sum(p.amount_cents) filter (where p.account = 'stripe_clearing') as clearing
         from ledger.journals j join ledger.postings p on p.journal_id = j.id
        where j.kind = 'refund' and j."references"->>'fanId' = $1 group by j.idempotency_key`,
      [fan.id, accounts.fanWallet(fan.id)],
    );
    expect(refund).toMatchObject({ wallet: '-841', clearing: '841' });
    expect(refund!.idempotency_key).toMatch(/^refund:re_/);

    // The refund's webhook books nothing twice; the ledger is sound.
    await settled(fan.id);
    expect(await sql.value<number>(`select count(*)::int from ledger.journals where kind = 'refund' and "references"->>'fanId' = $1`, [fan.id])).toBe(1);
    expect(await pieEndedMails(fan)).toBe(1);
    await expectBooksSound();
  });

  it('the same event twice, or two events racing, refund once', async () => {
    const { fan, cookies, subscriptionId, chargeId } = await paidFan();
    expect((await platform.request('POST', '/api/stripe/cancelSubscription', { cookies, body: { subscriptionId } })).status).toBe(200);
    await platform.stripeControl.advanceClock({ days: 7, seconds: 60 });
    await eventually('the pie canceled', async () => (await pieStatus(subscriptionId)) === 'canceled');
    await settled(fan.id);

    // Delivered twice at once, and a second event for the same fan: one refund, one e-mail.
    const settlement = platform.worker!.get(FinishedPieSettlement);
    const pieId = await sql.value<string>(`select id from pies.pies where subscription_id = $1`, [subscriptionId]);
    const first = '00000000-0000-4000-8000-00000000f001';
    const second = '00000000-0000-4000-8000-00000000f002';
    await Promise.all([first, first, second].map((eventId) => settlement.settle({ fanId: fan.id, pieId, eventId, consumer: CONSUMER })));
    expect(await refundsOf(chargeId)).toEqual([[841, 'pie_ended']]);
    expect(await walletOf(fan.id)).toBe(0);
    await platform.inbox.waitForMessage({ to: fan.email, subjectIncludes: PIE_ENDED_SUBJECT, timeoutMs: 30_000 });

    // Pies' own event at the close then finds nothing left: no refund, no second e-mail.
    await closeOpenPeriod(subscriptionId);
    await eventually('the finished event', async () => (await finishedEvents(fan.id)).length === 1);
    await settled(fan.id);
    expect(await refundsOf(chargeId)).toEqual([[841, 'pie_ended']]);
    expect(await pieEndedMails(fan)).toBe(1);
    await expectBooksSound();
  });

  it('money that comes back to the wallet after the pie is over (escrow expired) goes back to the card too', async () => {
    const { fan, cookies, subscriptionId, chargeId } = await paidFan();
    // A close gave 3.00 of it to an artist nobody has claimed (the journal a pie close posts).
    const artist = await closeIntoEscrow(ledger, fan.id, 300);
    expect((await platform.request('POST', '/api/stripe/cancelSubscription', { cookies, body: { subscriptionId } })).status).toBe(200);
    await platform.stripeControl.advanceClock({ days: 7, seconds: 60 });
    await eventually('the pie canceled', async () => (await pieStatus(subscriptionId)) === 'canceled');
    await closeOpenPeriod(subscriptionId);
    const mail = await platform.inbox.waitForMessage({ to: fan.email, subjectIncludes: PIE_ENDED_SUBJECT, timeoutMs: 30_000 });
    expect(mail.text).toContain('$5.41 that had not been given to any artist yet is refunded');
    expect(mail.text).toContain('The $3.00 your pies already gave to artists stays theirs.');
    await settled(fan.id);
    expect(await walletOf(fan.id)).toBe(0);

    // The artist's escrow expires back to the fan's wallet: there is no next pie to split it.
    const returned = await database.transaction((tx) => expireEscrowOf(tx, artist, new Date(Date.now() + DAY)));
    expect(returned).toEqual([{ artistId: artist, fanId: fan.id, amountCents: 300 }]);
    await eventually('the second finish', async () => (await finishedEvents(fan.id)).length === 2);
    await settled(fan.id);
    expect(await walletOf(fan.id)).toBe(0);
    expect((await refundsOf(chargeId)).sort()).toEqual([[300, 'pie_ended'], [541, 'pie_ended']]);
    expect(await pieEndedMails(fan)).toBe(2);
    await expectBooksSound();
  });

  it('escrow that expires after the pie is over: one e-mail, the one saying it went back to the card (not also "back in your wallet for your next pie")', async () => {
    const { fan, cookies, subscriptionId, chargeId } = await paidFan();
    // A close long ago gave 3.00 to an artist nobody has claimed: the daily check will expire it.
    await closeIntoEscrow(ledger, fan.id, 300, { occurredAt: new Date(Date.now() - 400 * DAY) });
    expect((await platform.request('POST', '/api/stripe/cancelSubscription', { cookies, body: { subscriptionId } })).status).toBe(200);
    await platform.stripeControl.advanceClock({ days: 7, seconds: 60 });
    await eventually('the pie canceled', async () => (await pieStatus(subscriptionId)) === 'canceled');
    await closeOpenPeriod(subscriptionId);
    await eventually('the wallet returned', async () => (await refundsOf(chargeId)).length === 1);
    await settled(fan.id);

    // The worker's daily escrow check, as it runs.
    await database.transaction(async (tx) => recordInOutbox(tx, ExpireEscrow.create({})));
    await eventually('the expired escrow refunded', async () => (await refundsOf(chargeId)).length === 2);
    await eventually('the second finish handled', async () => (await finishedEvents(fan.id)).length === 2);
    await settled(fan.id);
    expect((await refundsOf(chargeId)).sort()).toEqual([[300, 'pie_ended'], [541, 'pie_ended']]);
    expect(await walletOf(fan.id)).toBe(0);
    const mails = await sql.query<{ subject: string }>(
      `select payload->>'subject' as subject from platform.outbox where job_name = 'notifications.send-email' and payload->>'to' = $1 and payload->>'subject' in ($2, $3)`,
      [fan.email, PIE_ENDED_SUBJECT, ESCROW_RETURNED_SUBJECT],
    );
    // One for the pie's end, one for the escrow that came back after it — never the "next pie" one.
    expect(mails.map((mail) => mail.subject)).toEqual([PIE_ENDED_SUBJECT, PIE_ENDED_SUBJECT]);
    await expectBooksSound();
  });

  it('a crash after Stripe refunded but before the commit: the retry waits for the booking, refunds nothing twice and still tells the fan', async () => {
    const { fan, cookies, subscriptionId, chargeId } = await paidFan();
    expect((await platform.request('POST', '/api/stripe/cancelSubscription', { cookies, body: { subscriptionId } })).status).toBe(200);
    await platform.stripeControl.advanceClock({ days: 7, seconds: 60 });
    await eventually('the pie canceled', async () => (await pieStatus(subscriptionId)) === 'canceled');
    await settled(fan.id);

    // The transaction dies at its last write (the e-mail), after Stripe made the refund.
    const trigger = `crash_${fan.id.replaceAll('-', '')}`;
    await sql.query(`create function platform.${trigger}() returns trigger language plpgsql as $$
      begin
        if new.job_name = 'notifications.send-email' and new.payload->>'to' = '${fan.email}' then raise exception 'worker killed'; end if;
        return new;
      end $$`);
    await sql.query(`create trigger ${trigger} before insert on platform.outbox for each row execute function platform.${trigger}()`);
    const settlement = platform.worker!.get(FinishedPieSettlement);
    const pieId = await sql.value<string>(`select id from pies.pies where subscription_id = $1`, [subscriptionId]);
    const eventId = '00000000-0000-4000-8000-00000000f004';
    await expect(settlement.settle({ fanId: fan.id, pieId, eventId, consumer: CONSUMER })).rejects.toThrow(/worker killed/);
    await sql.query(`drop trigger ${trigger} on platform.outbox`);
    await sql.query(`drop function platform.${trigger}()`);
    expect(await refundsOf(chargeId)).toEqual([[841, 'pie_ended']]);

    // The retry: the refund's webhook books it (or the retry waits until it has), nothing is refunded again.
    await eventually('the retry', async () => {
      try {
        await settlement.settle({ fanId: fan.id, pieId, eventId, consumer: CONSUMER });
        return true;
      } catch (error) {
        if ((error as Error).name === 'RefundNotBookedYetError') return false;
        throw error;
      }
    });
    expect(await refundsOf(chargeId)).toEqual([[841, 'pie_ended']]);
    expect(await walletOf(fan.id)).toBe(0);
    expect(await sql.value<number>(`select count(*)::int from ledger.journals where kind = 'refund' and "references"->>'fanId' = $1`, [fan.id])).toBe(1);
    const mail = await platform.inbox.waitForMessage({ to: fan.email, subjectIncludes: PIE_ENDED_SUBJECT, timeoutMs: 30_000 });
    expect(mail.text).toContain('$8.41 that had not been given to any artist yet is refunded to your card ending in 4242');
    expect(await pieEndedMails(fan)).toBe(1);
    await expectBooksSound();
  });

  it('cancel, then a new pie before the old period closes: nothing is refunded, the money is for the new pie', async () => {
    const { fan, cookies, subscriptionId, chargeId } = await paidFan();
    expect((await platform.request('POST', '/api/stripe/cancelSubscription', { cookies, body: { subscriptionId } })).status).toBe(200);
    await platform.stripeControl.advanceClock({ days: 7, seconds: 60 });
    await eventually('the pie canceled', async () => (await pieStatus(subscriptionId)) === 'canceled');

    const again = await platform.request('POST', '/api/stripe/createCheckout', { cookies, body: { amount: '10.00', pieDays: 7 } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    await platform.stripeControl.payCheckoutSession(again.body.data.sessionId);
    await eventually('the new payment', async () => (await walletOf(fan.id)) === 1682);
    await eventually('the new pie', () => sql.value<string>(`select id from pies.pies where fan_id = $1 and status = 'active'`, [fan.id]));

    expect(await closeOpenPeriod(subscriptionId)).toMatchObject({ status: 'closed', rolledOver: true, distributedCents: 0 });
    await settled(fan.id);
    expect(await finishedEvents(fan.id)).toEqual([]);

    // An event recorded before the new pie started, handled after it: billing sees the new subscription.
    const oldPie = await sql.value<string>(`select id from pies.pies where subscription_id = $1`, [subscriptionId]);
    await platform.worker!.get(FinishedPieSettlement).settle({ fanId: fan.id, pieId: oldPie, eventId: '00000000-0000-4000-8000-00000000f003', consumer: CONSUMER });
    expect(await sql.query(`select 1 from platform.inbox where consumer = $1 and message_id = $2`, [CONSUMER, '00000000-0000-4000-8000-00000000f003'])).toHaveLength(1);

    expect(await walletOf(fan.id)).toBe(1682);
    const charges = await sql.query<{ charge_id: string }>(`select charge_id from billing.invoices where fan_id = $1`, [fan.id]);
    for (const { charge_id } of charges) expect(await refundsOf(charge_id)).toEqual([]);
    expect(charges.map((row) => row.charge_id)).toContain(chargeId);
    expect(await pieEndedMails(fan)).toBe(0);
    await expectBooksSound();
  });

  it('a failed renewal leaves the pie past due (not over); when Stripe gives up and cancels it, the wallet is refunded', async () => {
    const { fan, subscriptionId, chargeId, customerId } = await paidFan();
    await platform.stripeControl.setRenewalCard(customerId, '4000000000000341');
    await platform.stripeControl.advanceClock({ days: 7, seconds: 60 });
    await eventually('the pie past due', async () => (await pieStatus(subscriptionId)) === 'past_due');

    // The paid period closes with no listening while Stripe still retries: the money waits.
    expect(await closeOpenPeriod(subscriptionId)).toMatchObject({ status: 'closed', rolledOver: true });
    await settled(fan.id);
    expect(await finishedEvents(fan.id)).toEqual([]);
    expect(await walletOf(fan.id)).toBe(841);

    // Retries 3, 5 and 7 days after the first failure fail too: Stripe cancels the subscription.
    await platform.stripeControl.advanceClock({ days: 8 });
    expect((await platform.stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    const mail = await platform.inbox.waitForMessage({ to: fan.email, subjectIncludes: PIE_ENDED_SUBJECT, timeoutMs: 30_000 });
    expect(mail.text).toContain('$8.41 that had not been given to any artist yet is refunded to your card ending in 4242');
    expect(await pieStatus(subscriptionId)).toBe('canceled');
    expect(await walletOf(fan.id)).toBe(0);
    expect(await refundsOf(chargeId)).toEqual([[841, 'pie_ended']]);
    await settled(fan.id);
    expect(await finishedEvents(fan.id)).toHaveLength(1);
    expect(await pieEndedMails(fan)).toBe(1);
    await expectBooksSound();
  });

  it('a free pie that is over: the promotion no artist got goes back to the promotion pool, and the fan is told', async () => {
    const fan = await makeAccount(sql, 'fan');
    const { cookies } = await logIn(platform, fan);
    await sql.query(`update identity.fans set promo_eligible = true where id = $1`, [fan.id]);
    // A code for the free pie: it is taken when the pie starts.
    await platform.api.get(Database).transaction((em) => addPromotionCodes(em, [`TRYMYPIE-${fan.id}`]));
    await ledger.post(promoPoolTopUp({ amountCents: 500, idempotencyKey: `test-top-up-${fan.id}` }));
    expect((await platform.request('POST', '/api/stripe/createPromoSubscription', { cookies, body: {} })).status).toBe(201);
    const subscriptionId = `promo_${fan.id}`;
    // Billing knows the pie its free row pays for before the pie can end.
    await eventually('the pie id on the row', async () => (await sql.value<string | null>(`select pie_id from billing.subscriptions where id = $1`, [subscriptionId])) ?? undefined);
    const pool = await balanceOf(accounts.promoPool);
    expect(await walletOf(fan.id)).toBe(500);

    expect(await closeOpenPeriod(subscriptionId)).toMatchObject({ status: 'closed', rolledOver: true });
    expect(await pieStatus(subscriptionId)).toBe('ended');
    const mail = await platform.inbox.waitForMessage({ to: fan.email, subjectIncludes: PIE_ENDED_SUBJECT, timeoutMs: 30_000 });
    expect(mail.text).toContain('The unused $5.00 of your free promotional pie goes back to the promotion.');
    expect(mail.text).not.toContain('refunded to your card');
    expect(await walletOf(fan.id)).toBe(0);
    expect(await balanceOf(accounts.promoPool)).toBe(pool + 500);
    expect(await sql.value<string>(`select status from billing.subscriptions where id = $1`, [subscriptionId])).toBe('canceled');
    // The free pie is over for billing too: the fan may start a paid pie.
    const checkout = await platform.request('POST', '/api/stripe/createCheckout', { cookies, body: { amount: '10.00', pieDays: 7 } });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    await settled(fan.id);
    await expectBooksSound();
  });
});
