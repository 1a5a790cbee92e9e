import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, balanceOf, Ledger, JOURNAL_KINDS } from '#pie/ledger';
import { agreesWithStripe } from '#pie/payouts';
import { bookDueTransfer, officesAgainstStripe, ExpireEscrow, expireEscrowOf, releaseEscrow, transferIdempotencyKey, TransferSender } from '#pie/payouts/testing';
import { SendEmail } from '#pie/notifications';
import { formatDay, PAYOUT_SENT_SUBJECT } from '#pie/notifications/testing';
import { Database, recordInOutbox } from '#pie/platform';
import { makeAccount } from '../../support/accounts.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { addMember, makeCatalogueArtist, officeAdmin } from '../claims/artist-area-fixtures.js';
import { enableStripe, intoEscrow, verifyClaim, type OfficeAdmin } from './payouts-fixtures.js';
import { TEST_JOURNAL_KINDS } from '#pie/ledger/testing';

const DAY = 86_400_000;

/**
 * Money leaving Pie for an office (DESIGN §5, §8): batched transfers with Stripe's monthly fee,
 * idempotent retries, payouts to the bank (one however many clicks; paid or failed as the sandbox
 * clock moves) and escrow that nobody claimed going back to the fans who gave it.
 */
describe('payouts: transfers, payouts and escrow expiry', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let database: Database;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'payouts-money', stripe: true, env: { TRANSFER_THRESHOLD_CENTS: '1000', ESCROW_EXPIRY_DAYS: '365' } });
    sql = openSql(platform.database.url);
    database = platform.api.get(Database);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  const balance = (account: string) => balanceOf(database.em(), account);
  const stripeTransfersTo = async (accountId: string) => (await platform.stripe.transfers.list({ destination: accountId, limit: 100 })).data;
  const ledgerTransfers = (officeId: string) =>
    sql.query<{ amount: string }>(
      `select p.amount_cents as amount from ledger.journals j join ledger.postings p on p.journal_id = j.id
        where j.kind = 'transfer' and p.account = $1`,
      [accounts.officeConnected(officeId)],
    );

  /** An office with a verified artist and an enabled Stripe account, `cents` released from the artist's escrow. */
  async function connectedOfficeWith(cents: number, name: string): Promise<{ admin: OfficeAdmin; stripeAccount: string; artistId: string }> {
    const admin = await officeAdmin(platform, sql, name);
    const artist = await makeCatalogueArtist(sql, `${name} Artist`);
    await intoEscrow(platform, artist.id, cents);
    await verifyClaim(platform, admin, artist);
    const stripeAccount = await enableStripe(platform, sql, admin);
    return { admin, stripeAccount, artistId: artist.id };
  }

  it('transfers the earnings once they reach the threshold, whole (Stripe’s Connect fees are booked with payouts, not transfers)', async () => {
    const { admin, stripeAccount, artistId } = await connectedOfficeWith(1500, 'Threshold Office');
    // The release (on enabling) triggers the transfer job: the whole $15.00 to Stripe.
    await eventually('the transfer', async () => (await stripeTransfersTo(stripeAccount)).length === 1);
    await eventually('the transfer to be recorded', async () => (await sql.value<string>(`select status from payouts.transfers where office_id = $1`, [admin.officeId])) === 'made');
    const [transfer] = await stripeTransfersTo(stripeAccount);
    expect(transfer.amount).toBe(1500);
    expect(transfer.transfer_group).toBe(`office_${admin.officeId}`);
    expect(await balance(accounts.officeEarnings(admin.officeId))).toBe(0);
    expect(await balance(accounts.officeConnected(admin.officeId))).toBe(1500);
    const fees = await sql.query<{ amount: string }>(`select p.amount_cents as amount from ledger.journals j join ledger.postings p on p.journal_id = j.id where j.kind = 'monthly_account_fee' and p.account = 'processor_fees' and j."references"->>'officeId' = $1`, [admin.officeId]);
    expect(fees).toEqual([]);

    // Below the threshold nothing moves.
    await intoEscrow(platform, artistId, 600);
    await platform.worker!.get(TransferSender).transferDue(admin.officeId, { monthEnd: false });
    await database.transaction((tx) => releaseEscrow(tx, artistId));
    expect(await balance(accounts.officeEarnings(admin.officeId))).toBe(600);
    expect(await platform.worker!.get(TransferSender).transferDue(admin.officeId, { monthEnd: false })).toBeNull();
    // At month end whatever is there goes.
    const monthEnd = await platform.worker!.get(TransferSender).transferDue(admin.officeId, { monthEnd: true });
    expect(monthEnd).toMatchObject({ amount_cents: '600', fee_cents: '0' });
    // Stripe's transfers equal the ledger's transfer journals.
    const atStripe = (await stripeTransfersTo(stripeAccount)).map((t) => t.amount).sort((a, b) => a - b);
    expect(atStripe).toEqual([600, 1500]);
    expect((await ledgerTransfers(admin.officeId)).map((row) => Number(row.amount)).sort((a, b) => a - b)).toEqual(atStripe);

    // The provider check agrees for this office, listing Stripe's records through the SDK.
    const [againstStripe] = (await officesAgainstStripe(database.em(), platform.stripe)).filter((office) => office.officeId === admin.officeId);
    expect(againstStripe.ledger).toMatchObject({ transfers: 2, transferredCents: 2100, payouts: 0, paidOutCents: 0 });
    expect(agreesWithStripe(againstStripe)).toBe(true);
    const wallet = await platform.request('GET', `/api/for-artists/stripe/wallet-balance?officeId=${admin.officeId}`, { cookies: admin.cookies });
    expect(wallet.body.data).toEqual({ earningsCents: 0, connectedCents: 2100, totalCents: 2100, transferThresholdCents: 1000 });
    const transfers = await platform.request('GET', `/api/for-artists/stripe/transfers-without-payouts?officeId=${admin.officeId}`, { cookies: admin.cookies });
    expect(transfers.body.data.map((t: { amountCents: number; feeCents: number }) => [t.amountCents, t.feeCents])).toEqual([
      [600, 0],
      [1500, 0],
    ]);
  });

  it('does not make a transfer twice when Stripe’s answer was lost: the retry uses the same idempotency key', async () => {
    const admin = await officeAdmin(platform, sql, 'Timeout Office');
    const stripeAccount = await enableStripe(platform, sql, admin);
    await intoEscrow(platform, (await makeCatalogueArtist(sql, 'Never Claimed')).id, 1); // unrelated money elsewhere in the ledger
    // Earnings arrive without triggering the job; the transfer is booked, reaches Stripe, and its answer is lost.
    await new Ledger(database).post({
      kind: TEST_JOURNAL_KINDS.funding,
      idempotencyKey: `test_funding:timeout:${admin.officeId}`,
      occurredAt: new Date(),
      postings: [
        { account: accounts.stripeClearing, amountCents: -2500 },
        { account: accounts.officeEarnings(admin.officeId), amountCents: 2500 },
      ],
    });
    const booked = (await database.transaction((tx) => bookDueTransfer(tx, admin.officeId, { thresholdCents: 1000, monthEnd: false, now: new Date() })))!;
    await platform.stripe.transfers.create(
      { amount: Number(booked.amount_cents), currency: 'usd', destination: stripeAccount, transfer_group: `office_${admin.officeId}`, metadata: { pie_transfer_id: booked.id, office_id: admin.officeId } },
      { idempotencyKey: transferIdempotencyKey(booked.id) },
    );
    // The job runs again (the queue's retry): it finishes the pending transfer, and Stripe has it once.
    const finished = await platform.worker!.get(TransferSender).transferDue(admin.officeId);
    expect(finished?.id).toBe(booked.id);
    await platform.worker!.get(TransferSender).transferDue(admin.officeId);
    const atStripe = await stripeTransfersTo(stripeAccount);
    expect(atStripe.map((t) => t.amount)).toEqual([2500]);
    expect(await sql.value<string>(`select stripe_transfer_id from payouts.transfers where id = $1`, [booked.id])).toBe(atStripe[0].id);
    expect((await ledgerTransfers(admin.officeId)).map((row) => Number(row.amount))).toEqual([2500]);
  });

  it('makes exactly one payout for 50 concurrent clicks, and shows it paid once the sandbox clock passes its arrival', async () => {
    const { admin, stripeAccount } = await connectedOfficeWith(3200, 'Payout Office');
    await eventually('the transfer', async () => (await stripeTransfersTo(stripeAccount)).length === 1);
    await eventually('the money to be available at Stripe', async () => {
      const figures = await platform.request('GET', `/api/for-artists/stripe/connected-account-balance?officeId=${admin.officeId}`, { cookies: admin.cookies });
      return figures.body.data.availableCents === 3200;
    });

    const answers = await Promise.all(Array.from({ length: 50 }, () => platform.request('POST', '/api/for-artists/stripe/create-payout', { cookies: admin.cookies, body: { officeId: admin.officeId } })));
    const made = answers.filter((answer) => answer.status === 200);
    expect(made).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 200).every((answer) => answer.status === 409)).toBe(true);
    for (const refused of answers.filter((answer) => answer.status === 409)) expect(['payouts.payout-in-progress', 'payouts.nothing-to-pay-out']).toContain(refused.body.code);
    const payout = made[0].body.data;
    expect(payout).toMatchObject({ amountCents: 3200, status: 'in_transit' });
    expect((await platform.stripe.payouts.list({ limit: 100 }, { stripeAccount })).data).toHaveLength(1);
    expect(await balance(accounts.officeConnected(admin.officeId))).toBe(0);
    // The office's admin hears it is on its way: the amount, when it should arrive, the payout's page.
    const sent = await platform.inbox.waitForMessage({ to: admin.account.email, subjectIncludes: PAYOUT_SENT_SUBJECT, timeoutMs: 20_000 });
    expect(sent.subject).toBe(`${PAYOUT_SENT_SUBJECT}: $32.00`);
    expect(sent.text).toContain('Stripe sent $32.00 from the Stripe account of your office “Payout Office” to its bank account.');
    expect(sent.text).toContain(`It should arrive by ${formatDay(payout.arrivalDate)}`);
    expect(sent.text).toContain(`See the payout: http://localhost:3000/for-artists/funds/payouts/${payout.id}?office=${admin.officeId}`);

    await platform.stripeControl.advanceClock({ days: 3 });
    await eventually('the payout to be paid', async () => {
      const details = await platform.request('GET', `/api/for-artists/stripe/payout-details?officeId=${admin.officeId}&payoutId=${payout.id}`, { cookies: admin.cookies });
      return details.body.data.status === 'paid';
    });
    // Stripe's payout.created and payout.paid news about it mail nobody again.
    await platform.stripeControl.flushWebhooks();
    await platform.settled();
    expect(await sql.value<number>(`select count(*)::int from platform.outbox where job_name = $1 and payload ->> 'to' = $2 and starts_with(payload ->> 'subject', $3)`, [SendEmail.name, admin.account.email, PAYOUT_SENT_SUBJECT])).toBe(1);
    const total = await platform.request('GET', `/api/for-artists/stripe/total-payout?officeId=${admin.officeId}`, { cookies: admin.cookies });
    expect(total.body.data.totalCents).toBe(3200);
    const list = await platform.request('GET', `/api/for-artists/stripe/payouts?officeId=${admin.officeId}`, { cookies: admin.cookies });
    expect(list.body.data.map((p: { id: string; status: string }) => [p.id, p.status])).toEqual([[payout.id, 'paid']]);
    expect(list.body.pagination).toEqual({ page: 1, limit: 10, total: 1, pages: 1 });
    const payoutsOnly = await platform.request('GET', `/api/for-artists/stripe/transactions?officeId=${admin.officeId}&filter=payout`, { cookies: admin.cookies });
    expect(payoutsOnly.body.data.map((t: { detail: string; amountCents: number }) => [t.detail, t.amountCents])).toEqual([['payout', -3200]]);
    const credits = await platform.request('GET', `/api/for-artists/stripe/transactions?officeId=${admin.officeId}&filter=credit`, { cookies: admin.cookies });
    expect(credits.body.data.map((t: { detail: string; amountCents: number }) => [t.detail, t.amountCents])).toEqual([['escrow_released', 3200]]);
    const one = await platform.request('GET', `/api/for-artists/stripe/transaction-details?officeId=${admin.officeId}&transactionId=${credits.body.data[0].id}`, { cookies: admin.cookies });
    // The details are the list's row and where the money came from: one fan's money (the fixture's escrow funding is no pie close).
    expect(one.body.data).toEqual({ ...credits.body.data[0], artistName: 'Payout Office Artist', fans: { count: 1, cents: 3200 }, periods: null });
  });

  it('a payout the bank refuses returns the money to the Stripe balance and shows Stripe’s reason', async () => {
    const { admin, stripeAccount } = await connectedOfficeWith(1200, 'Refused Office');
    await eventually('the transfer', async () => (await stripeTransfersTo(stripeAccount)).length === 1);
    await platform.stripeControl.setPayoutFailure(stripeAccount, 'account_closed');
    const created = await platform.request('POST', '/api/for-artists/stripe/create-payout', { cookies: admin.cookies, body: { officeId: admin.officeId } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(await balance(accounts.officeConnected(admin.officeId))).toBe(0);

    await platform.stripeControl.advanceClock({ days: 3 });
    const failed = await eventually('the payout to fail', async () => {
      const details = await platform.request('GET', `/api/for-artists/stripe/payout-details?officeId=${admin.officeId}&payoutId=${created.body.data.id}`, { cookies: admin.cookies });
      return details.body.data.status === 'failed' ? details.body.data : undefined;
    });
    expect(failed.failureCode).toBe('account_closed');
    expect(failed.failureMessage).toMatch(/closed/i);
    expect(await balance(accounts.officeConnected(admin.officeId))).toBe(1200);
    const figures = await platform.request('GET', `/api/for-artists/stripe/connected-account-balance?officeId=${admin.officeId}`, { cookies: admin.cookies });
    expect(figures.body.data.availableCents).toBe(1200);
    const history = await platform.request('GET', `/api/for-artists/stripe/transactions?officeId=${admin.officeId}&filter=payout`, { cookies: admin.cookies });
    expect(history.body.data.map((t: { detail: string; amountCents: number }) => [t.detail, t.amountCents])).toEqual([
      ['payout_failed', 1200],
      ['payout', -1200],
    ]);
  });

  it('returns escrow nobody claimed for a year to each fan exactly their part, e-mails them, and does it once', async () => {
    const artist = await makeCatalogueArtist(sql, 'Long Gone');
    const [ana, ben] = [await makeAccount(sql, 'fan'), await makeAccount(sql, 'fan')];
    const old = new Date(Date.now() - 400 * DAY);
    await intoEscrow(platform, artist.id, 333, { fanId: ana.id, occurredAt: old });
    await intoEscrow(platform, artist.id, 667, { fanId: ben.id, occurredAt: old });
    await intoEscrow(platform, artist.id, 250, { fanId: ana.id, occurredAt: new Date(Date.now() - 10 * DAY) }); // not a year old yet
    const cutoff = new Date(Date.now() - 365 * DAY);

    const returned = await database.transaction((tx) => expireEscrowOf(tx, artist.id, cutoff));
    expect(returned.map((r) => [r.fanId, r.amountCents]).sort()).toEqual([[ana.id, 333], [ben.id, 667]].sort());
    expect(await balance(accounts.fanWallet(ana.id))).toBe(333);
    expect(await balance(accounts.fanWallet(ben.id))).toBe(667);
    expect(await balance(accounts.artistEscrow(artist.id))).toBe(250);
    // Again: nothing more is a year old.
    expect(await database.transaction((tx) => expireEscrowOf(tx, artist.id, cutoff))).toEqual([]);
    expect(await sql.value<number>(`select count(*)::int from ledger.journals where kind = $1 and "references"->>'artistId' = $2`, [JOURNAL_KINDS.escrowExpired, artist.id])).toBe(2);
  });

  it('runs the daily escrow check as a job: e-mails each fan, leaves a claimed artist’s escrow alone', async () => {
    const [unclaimed, claimed] = [await makeCatalogueArtist(sql, 'Lost Signal'), await makeCatalogueArtist(sql, 'Found Signal')];
    const fan = await makeAccount(sql, 'fan');
    const old = new Date(Date.now() - 500 * DAY);
    await intoEscrow(platform, unclaimed.id, 420, { fanId: fan.id, occurredAt: old });
    await intoEscrow(platform, claimed.id, 380, { fanId: fan.id, occurredAt: old });
    const admin = await officeAdmin(platform, sql, 'Unconnected Office');
    await verifyClaim(platform, admin, claimed); // claimed, but the office has no Stripe account: the money waits for it

    await database.transaction(async (tx) => recordInOutbox(tx, ExpireEscrow.create({})));
    await eventually('the fan’s e-mail', async () => (await platform.inbox.list({ to: fan.email })).length > 0);
    const [mail] = await platform.inbox.list({ to: fan.email });
    expect(mail.subject).toBe('Money you gave is back in your Pie wallet');
    expect(mail.text).toContain('$4.20');
    expect(await balance(accounts.fanWallet(fan.id))).toBe(420);
    expect(await balance(accounts.artistEscrow(claimed.id))).toBe(380);
  });

  it('gives a share or an amount of the earnings to the promotion pool, never more than there is', async () => {
    const admin = await officeAdmin(platform, sql, 'Generous Office');
    await new Ledger(database).post({
      kind: TEST_JOURNAL_KINDS.funding,
      idempotencyKey: `test_funding:give:${admin.officeId}`,
      occurredAt: new Date(),
      postings: [
        { account: accounts.stripeClearing, amountCents: -999 },
        { account: accounts.officeEarnings(admin.officeId), amountCents: 999 },
      ],
    });
    const poolBefore = await balance(accounts.promoPool);
    const share = await platform.request('POST', '/api/for-artists/give-back', { cookies: admin.cookies, body: { officeId: admin.officeId, share: 10 } });
    expect(share.status, JSON.stringify(share.body)).toBe(200);
    expect(share.body.data).toMatchObject({ amountCents: 99, sharePercent: 10 });
    const amount = await platform.request('POST', '/api/for-artists/give-back', { cookies: admin.cookies, body: { officeId: admin.officeId, amount: '5.00' } });
    expect(amount.body.data).toMatchObject({ amountCents: 500, sharePercent: null });
    const tooMuch = await platform.request('POST', '/api/for-artists/give-back', { cookies: admin.cookies, body: { officeId: admin.officeId, amount: 4.01 } });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toContain('$4.00');
    expect(await balance(accounts.officeEarnings(admin.officeId))).toBe(400);
    expect((await balance(accounts.promoPool)) - poolBefore).toBe(599);
    const list = await platform.request('GET', `/api/for-artists/give-back?officeId=${admin.officeId}`, { cookies: admin.cookies });
    expect(list.body.data.map((g: { amountCents: number }) => g.amountCents)).toEqual([500, 99]);
    const history = await platform.request('GET', `/api/for-artists/stripe/transactions?officeId=${admin.officeId}`, { cookies: admin.cookies });
    expect(history.body.data.filter((t: { detail: string }) => t.detail === 'give_back').map((t: { amountCents: number }) => t.amountCents)).toEqual([-500, -99]);

    for (const body of [{ officeId: admin.officeId }, { officeId: admin.officeId, share: 10, amount: '1' }, { officeId: admin.officeId, share: 0 }, { officeId: admin.officeId, amount: '1.234' }, { officeId: 'nope', share: 5 }]) {
      const bad = await platform.request('POST', '/api/for-artists/give-back', { cookies: admin.cookies, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const member = await addMember(platform, sql, admin, 'member');
    const refused = await platform.request('POST', '/api/for-artists/give-back', { cookies: member.cookies, body: { officeId: admin.officeId, share: 5 } });
    expect(refused.status).toBe(403);
  });
});
