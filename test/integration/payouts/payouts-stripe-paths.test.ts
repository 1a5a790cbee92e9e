import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, balanceOf } from '#pie/ledger';
import { payoutFeeCents } from '#pie/payouts/testing';
import { StripeAccountDeauthorized } from '#pie/billing/events';
import { SendEmail } from '#pie/notifications';
import { formatDay, STRIPE_DISCONNECTED_SUBJECT, STRIPE_RESTRICTED_SUBJECT } from '#pie/notifications/testing';
import { Database } from '#pie/platform';
import { eventually, openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { ConnectedAccountSync } from '../../../libs/payouts/src/domain/connected-account-sync.js';
import { DisconnectOnStripeAccountDeauthorizedListener } from '../../../libs/payouts/src/listeners/disconnect-on-stripe-account-deauthorized.listener.js';
import { makeCatalogueArtist, officeAdmin } from '../claims/artist-area-fixtures.js';
import { enableStripe, intoEscrow, verifyClaim, type OfficeAdmin } from './payouts-fixtures.js';

/**
 * What Stripe does with an office's money (issue 26, defects 4 and 9): accounts on a manual payout
 * schedule, payouts Pie did not start booked all the same with Stripe's Connect fees, transfers
 * Stripe takes back, an account that disconnects Pie, and a payout asked for while Stripe and the
 * books disagree.
 */
describe('payouts: what Stripe really does', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let database: Database;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'payouts-stripe-paths', stripe: true, env: { TRANSFER_THRESHOLD_CENTS: '1000' } });
    sql = openSql(platform.database.url);
    database = platform.api.get(Database);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  const balance = (account: string) => balanceOf(database.em(), account);
  const mailJobs = (to: string, subject: string) =>
    sql.value<number>(`select count(*)::int from platform.outbox where job_name = $1 and payload ->> 'to' = $2 and payload ->> 'subject' = $3`, [SendEmail.name, to, subject]);
  const journalsOf = (officeId: string) =>
    sql.query<{ kind: string; processor_fees: string; earnings: string; refunds: string }>(
      `select j.kind,
              coalesce(sum(p.amount_cents) filter (where p.account = 'processor_fees'), 0) as processor_fees,
              coalesce(sum(p.amount_cents) filter (where p.account = $2), 0) as earnings,
              coalesce(sum(p.amount_cents) filter (where p.account = 'refunds'), 0) as refunds
         from ledger.journals j join ledger.postings p on p.journal_id = j.id
        where j."references"->>'officeId' = $1 group by j.id, j.kind order by min(j.occurred_at), j.kind`,
      [officeId, accounts.officeEarnings(officeId)],
    );

  /** An office whose Stripe account holds `cents` transferred by Pie. */
  async function officeWithTransfer(cents: number, name: string): Promise<{ admin: OfficeAdmin; stripeAccount: string; artistId: string }> {
    const admin = await officeAdmin(platform, sql, name);
    const artist = await makeCatalogueArtist(sql, `${name} Artist`);
    await intoEscrow(platform, artist.id, cents);
    await verifyClaim(platform, admin, artist);
    const stripeAccount = await enableStripe(platform, sql, admin);
    await eventually('the transfer', async () => (await sql.value<string>(`select status from payouts.transfers where office_id = $1`, [admin.officeId])) === 'made');
    return { admin, stripeAccount, artistId: artist.id };
  }

  it('makes Express accounts on a manual payout schedule: Stripe does not pay them out on its own', async () => {
    const { admin, stripeAccount } = await officeWithTransfer(2000, 'Manual Office');
    const account = await platform.stripe.accounts.retrieve(stripeAccount);
    expect(account.settings?.payouts?.schedule.interval).toBe('manual');
    await platform.stripeControl.advanceClock({ days: 2 });
    expect((await platform.stripe.payouts.list({}, { stripeAccount })).data).toEqual([]);
    expect(await balance(accounts.officeConnected(admin.officeId))).toBe(2000);
  });

  it('books a payout Stripe reports that Pie did not start, with Stripe’s per-payout fee and, once a month, the active-account fee', async () => {
    const { admin, stripeAccount } = await officeWithTransfer(5000, 'Dashboard Office');
    const first = await platform.stripe.payouts.create({ amount: 3000, currency: 'usd' }, { stripeAccount });
    const second = await platform.stripe.payouts.create({ amount: 2000, currency: 'usd' }, { stripeAccount });
    await eventually('both payouts booked', async () => (await sql.value<number>(`select count(*)::int from payouts.payouts where office_id = $1 and stripe_payout_id is not null`, [admin.officeId])) === 2);
    await eventually('their journals', async () => (await journalsOf(admin.officeId)).filter((j) => j.kind === 'payout_fee').length === 2);
    expect(await balance(accounts.officeConnected(admin.officeId))).toBe(0);
    const kinds = (await journalsOf(admin.officeId)).map((j) => [j.kind, Number(j.processor_fees)]);
    expect(kinds.filter(([kind]) => kind !== 'escrow_released' && kind !== 'transfer').sort()).toEqual(
      [
        ['monthly_account_fee', 200],
        ['payout', 0],
        ['payout', 0],
        ['payout_fee', payoutFeeCents(3000)],
        ['payout_fee', payoutFeeCents(2000)],
      ].sort(),
    );
    expect(payoutFeeCents(3000)).toBe(33);
    // The office had no earnings left at Pie: the fees are the platform's cost.
    const fees = (await journalsOf(admin.officeId)).filter((j) => j.kind === 'payout_fee' || j.kind === 'monthly_account_fee');
    expect(fees.reduce((sum, j) => sum + Number(j.refunds), 0)).toBe(-(200 + 33 + payoutFeeCents(2000)));
    const listed = await platform.request('GET', `/api/for-artists/stripe/payouts?officeId=${admin.officeId}`, { cookies: admin.cookies });
    expect(listed.body.data.map((p: { amountCents: number }) => p.amountCents).sort()).toEqual([2000, 3000]);
    expect([first.id, second.id].sort()).toEqual((await sql.query<{ id: string }>(`select stripe_payout_id as id from payouts.payouts where office_id = $1 order by 1`, [admin.officeId])).map((r) => r.id));
  });

  it('books a transfer Stripe takes back (transfer.reversed): the money returns to the office’s earnings', async () => {
    const { admin } = await officeWithTransfer(1500, 'Reversed Office');
    const transferId = await sql.value<string>(`select stripe_transfer_id from payouts.transfers where office_id = $1`, [admin.officeId]);
    const reversal = await platform.stripe.transfers.createReversal(transferId, { amount: 500 });
    await eventually('the reversal booked', async () => (await journalsOf(admin.officeId)).some((j) => j.kind === 'transfer_reversed'));
    expect(await balance(accounts.officeConnected(admin.officeId))).toBe(1000);
    expect(await balance(accounts.officeEarnings(admin.officeId))).toBe(500);
    expect(await sql.value<number>(`select count(*)::int from ledger.journals where idempotency_key = $1`, [`transfer_reversed:${reversal.id}`])).toBe(1);
  });

  it('an account that disconnects Pie (account.application.deauthorized) gets no more transfers', async () => {
    const { admin, stripeAccount, artistId } = await officeWithTransfer(1500, 'Leaving Office');
    await platform.stripeControl.deauthorizeAccount(stripeAccount);
    await eventually('the office disconnected', async () => (await sql.value<Date | null>(`select disconnected_at from payouts.connected_accounts where office_id = $1`, [admin.officeId])) !== null);
    await intoEscrow(platform, artistId, 2000);
    const processed = await platform.request('POST', '/api/for-artists/stripe/create-payout', { cookies: admin.cookies, body: { officeId: admin.officeId } });
    expect(processed.status).toBe(409);
    // Not an admin's disconnect ("contact support"): the office itself must connect Stripe again.
    expect(processed.body.code).toBe('payouts.account-deauthorized');
    expect(await sql.value<number>(`select count(*)::int from payouts.transfers where office_id = $1`, [admin.officeId])).toBe(1);

    // The office's admin is told what happened and the way back, once however often Stripe says so.
    const mail = await platform.inbox.waitForMessage({ to: admin.account.email, subjectIncludes: STRIPE_DISCONNECTED_SUBJECT, timeoutMs: 20_000 });
    expect(mail.text).toContain('The Stripe account of your office “Leaving Office” removed Pie’s access to it');
    expect(mail.text).toContain('What to do: open Office settings and connect Stripe again.');
    expect(mail.text).toContain(`Open Office settings: http://localhost:3000/for-artists/office-settings?office=${admin.officeId}`);
    const listener = platform.worker!.get(DisconnectOnStripeAccountDeauthorizedListener);
    await listener.handle(StripeAccountDeauthorized.create({ accountId: stripeAccount }));
    expect(await mailJobs(admin.account.email, STRIPE_DISCONNECTED_SUBJECT)).toBe(1);
  });

  it('an enabled account Stripe restricts (requirements due) tells the office’s admins what Stripe needs and by when, once', async () => {
    const admin = await officeAdmin(platform, sql, 'Restricted Office');
    const stripeAccount = await enableStripe(platform, sql, admin);
    expect(await mailJobs(admin.account.email, STRIPE_RESTRICTED_SUBJECT)).toBe(0);
    // Stripe asks for more (the sandbox's onboarding with requirements left due): account.updated.
    const restricted = await platform.stripeControl.onboardAccount(stripeAccount, { leaveRequirementsDue: true });
    await eventually('the account restricted', async () => (await sql.value<string>(`select status from payouts.connected_accounts where office_id = $1`, [admin.officeId])) === 'requirements_due');
    const mail = await platform.inbox.waitForMessage({ to: admin.account.email, subjectIncludes: STRIPE_RESTRICTED_SUBJECT, timeoutMs: 20_000 });
    expect(mail.text).toContain(`Stripe asks for it by ${formatDay(new Date(restricted.requirements!.current_deadline! * 1000))}.`);
    expect(mail.text).toContain(`Open Office settings: http://localhost:3000/for-artists/office-settings?office=${admin.officeId}`);
    // More news about the same restriction, and the page's own re-read, tell nobody again.
    await platform.stripeControl.onboardAccount(stripeAccount, { leaveRequirementsDue: true });
    await Promise.all([
      platform.request('GET', `/api/for-artists/stripe/check-monthly-fee?officeId=${admin.officeId}`, { cookies: admin.cookies }),
      platform.worker!.get(ConnectedAccountSync).refresh(stripeAccount),
    ]);
    await platform.stripeControl.flushWebhooks();
    await platform.settled();
    expect(await mailJobs(admin.account.email, STRIPE_RESTRICTED_SUBJECT)).toBe(1);
  });

  it('create-payout when Stripe holds more than the books: a clear 409, no payout row left, nothing paid out', async () => {
    const { admin, stripeAccount } = await officeWithTransfer(1500, 'Mismatch Office');
    // Money reaches the account outside Pie's books (a transfer nobody booked).
    await platform.stripe.transfers.create({ amount: 700, currency: 'usd', destination: stripeAccount });
    const answer = await platform.request('POST', '/api/for-artists/stripe/create-payout', { cookies: admin.cookies, body: { officeId: admin.officeId } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    expect(answer.body.code).toBe('payouts.balance-mismatch');
    expect(answer.body.message).toContain('$22.00');
    expect(answer.body.message).toContain('$15.00');
    expect(await sql.value<number>(`select count(*)::int from payouts.payouts where office_id = $1`, [admin.officeId])).toBe(0);
    expect((await platform.stripe.payouts.list({}, { stripeAccount })).data).toEqual([]);
  });
});
