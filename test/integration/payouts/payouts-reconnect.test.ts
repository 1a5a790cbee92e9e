import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, Ledger } from '#pie/ledger';
import { PayoutsFacade } from '#pie/payouts';
import { bookDueTransfer, expireEscrowOf, TransferSender } from '#pie/payouts/testing';
import { Database } from '#pie/platform';
import { logIn, makeAccount } from '../../support/accounts.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { makeCatalogueArtist, officeAdmin } from '../claims/artist-area-fixtures.js';
import { enableStripe, intoEscrow, verifyClaim, type OfficeAdmin } from './payouts-fixtures.js';
import { TEST_JOURNAL_KINDS } from '#pie/ledger/testing';

// Issue 26, defects 5 and 6: a disconnect can be undone (by the office through onboarding, or by an
// admin), escrow of an office that cannot receive money expires after the same window, and a
// transfer booked before a disconnect is not sent.

const DAY = 86_400_000;

describe('payouts: disconnect, reconnect and transfers on the way', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let database: Database;
  let ledger: Ledger;
  let adminCookies: Record<string, string>;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'payouts-reconnect', stripe: true, env: { TRANSFER_THRESHOLD_CENTS: '1000', ESCROW_EXPIRY_DAYS: '365' } });
    sql = openSql(platform.database.url);
    database = platform.api.get(Database);
    ledger = new Ledger(database);
    adminCookies = (await logIn(platform, await makeAccount(sql, 'admin'))).cookies;
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  const stripeTransfersTo = async (accountId: string) => (await platform.stripe.transfers.list({ destination: accountId, limit: 100 })).data;
  const disconnect = async (officeId: string) => {
    const answer = await platform.request('DELETE', `/api/admin/offices/${officeId}/stripe-connection`, { cookies: adminCookies });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  const fundEarnings = (officeId: string, cents: number) =>
    ledger.post({
      kind: TEST_JOURNAL_KINDS.funding,
      idempotencyKey: `test_funding:${randomUUID()}`,
      occurredAt: new Date(),
      postings: [{ account: accounts.stripeClearing, amountCents: -cents }, { account: accounts.officeEarnings(officeId), amountCents: cents }],
    });

  async function connectedOffice(name: string): Promise<{ admin: OfficeAdmin; stripeAccount: string; artistId: string }> {
    const admin = await officeAdmin(platform, sql, name);
    const artist = await makeCatalogueArtist(sql, `${name} Artist`);
    await verifyClaim(platform, admin, artist);
    const stripeAccount = await enableStripe(platform, sql, admin);
    return { admin, stripeAccount, artistId: artist.id };
  }

  it('a transfer booked before a disconnect is not sent: the money goes back to the earnings, once', async () => {
    const { admin, stripeAccount } = await connectedOffice('Booked Then Cut');
    await fundEarnings(admin.officeId, 1500);
    const booked = await database.transaction((tx) => bookDueTransfer(tx, admin.officeId, { thresholdCents: 1000, monthEnd: false, now: new Date() }));
    expect(booked?.amount_cents).toBe('1500'); // Stripe's monthly fee is booked with a payout, not taken from a transfer
    expect(await ledger.balanceOf(accounts.officeConnected(admin.officeId))).toBe(1500);

    await disconnect(admin.officeId);
    const sender = platform.worker!.get(TransferSender);
    await sender.transferDue(admin.officeId, { monthEnd: false });
    expect(await stripeTransfersTo(stripeAccount)).toEqual([]);
    expect(await sql.value<string>(`select status from payouts.transfers where id = $1`, [booked!.id])).toBe('failed');
    expect(await ledger.balanceOf(accounts.officeEarnings(admin.officeId))).toBe(1500);
    expect(await ledger.balanceOf(accounts.officeConnected(admin.officeId))).toBe(0);
    // Again: nothing is booked for a disconnected office, and the return is not posted twice.
    expect(await sender.transferDue(admin.officeId, { monthEnd: true })).toBeNull();
    expect(await sql.value<number>(`select count(*)::int from ledger.journals where kind = 'transfer_failed' and "references"->>'transferId' = $1`, [booked!.id])).toBe(1);
    const report = await ledger.checkInvariants();
    expect(report.results.filter((result) => !result.ok)).toEqual([]);
  });

  it('the office reconnects through onboarding after a disconnect: recorded, its escrow is released and its earnings transferred', async () => {
    const { admin, stripeAccount, artistId } = await connectedOffice('Way Back');
    await disconnect(admin.officeId);
    // Office settings and Funds say so at once: the office's own status read names the disconnect.
    const check = async () => (await platform.request('GET', `/api/for-artists/stripe/check-monthly-fee?officeId=${admin.officeId}`, { cookies: admin.cookies })).body.data;
    const cut = await check();
    expect(cut.status).toBe('enabled');
    expect(Date.now() - Date.parse(cut.disconnectedAt)).toBeLessThan(60_000);
    await intoEscrow(platform, artistId, 1700);
    await platform.api.get(PayoutsFacade).processDuePayouts({ released: async () => {}, transferring: async () => {}, transferred: async () => {} });
    expect(await ledger.balanceOf(accounts.artistEscrow(artistId))).toBe(1700); // a disconnected office receives nothing

    const again = await platform.request('POST', '/api/for-artists/stripe/completeOnboarding', { cookies: admin.cookies, body: { officeId: admin.officeId } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.accountLink.url).toContain('/connect/onboarding/');
    const row = await sql.query<{ disconnected_at: Date | null; stripe_account_id: string }>(`select disconnected_at, stripe_account_id from payouts.connected_accounts where office_id = $1`, [admin.officeId]);
    expect(row).toEqual([{ disconnected_at: null, stripe_account_id: stripeAccount }]);
    const changes = await sql.query<{ action: string; by_kind: string; by_user_id: string }>(`select action, by_kind, by_user_id from payouts.connection_changes where office_id = $1 order by id`, [admin.officeId]);
    expect(changes.map((change) => [change.action, change.by_kind])).toEqual([['disconnected', 'admin'], ['reconnected', 'office']]);
    expect(changes[1]!.by_user_id).toBe(admin.account.id);
    expect((await check()).disconnectedAt).toBeNull();

    expect(await ledger.balanceOf(accounts.artistEscrow(artistId))).toBe(0);
    await eventually('the transfer', async () => (await stripeTransfersTo(stripeAccount)).length === 1);
    expect((await stripeTransfersTo(stripeAccount))[0]!.amount).toBe(1700);
  });

  it('an admin reconnects a disconnected office (audited); transfers resume', async () => {
    const { admin, stripeAccount } = await connectedOffice('Admin Way Back');
    await disconnect(admin.officeId);
    await fundEarnings(admin.officeId, 1200);
    const reconnected = await platform.request('POST', `/api/admin/offices/${admin.officeId}/stripe-connection`, { cookies: adminCookies });
    expect(reconnected.status, JSON.stringify(reconnected.body)).toBe(200);
    expect(reconnected.body.data).toMatchObject({ stripeAccountId: stripeAccount, status: 'enabled', disconnectedAt: null });
    const audit = await sql.query<{ action: string; before: { disconnectedAt: string | null }; after: { disconnectedAt: string | null } }>(
      `select action, before, after from admin.audit_log where target_id = $1 order by at`,
      [admin.officeId],
    );
    expect(audit.map((entry) => entry.action)).toEqual(['office.stripe-disconnected', 'office.stripe-reconnected']);
    expect(audit[1]!.before.disconnectedAt).not.toBeNull();
    expect(audit[1]!.after.disconnectedAt).toBeNull();
    await eventually('the transfer', async () => (await stripeTransfersTo(stripeAccount)).length === 1);
    expect((await stripeTransfersTo(stripeAccount))[0]!.amount).toBe(1200);
    // An office that was never connected has nothing to reconnect: 404, not a 500.
    const never = await officeAdmin(platform, sql, 'Never Connected');
    expect((await platform.request('POST', `/api/admin/offices/${never.officeId}/stripe-connection`, { cookies: adminCookies })).status).toBe(404);
  });

  it('escrow of an artist whose office cannot receive money expires after the same window, counted from when it could not', async () => {
    const { admin, artistId } = await connectedOffice('Gone Quiet');
    await disconnect(admin.officeId);
    const fan = await makeAccount(sql, 'fan');
    await intoEscrow(platform, artistId, 420, { fanId: fan.id, occurredAt: new Date(Date.now() - 400 * DAY) });
    const cutoff = new Date(Date.now() - 365 * DAY);
    // Disconnected today: the office has a whole window to come back.
    expect(await database.transaction((tx) => expireEscrowOf(tx, artistId, cutoff))).toEqual([]);
    // Claimed and disconnected more than a window ago (the clock moved on): the fan's money goes back.
    await sql.query(`update claims.claims set verified_at = now() - interval '500 days' where artist_id = $1`, [artistId]);
    await sql.query(`update payouts.connected_accounts set disconnected_at = now() - interval '380 days' where office_id = $1`, [admin.officeId]);
    const returned = await database.transaction((tx) => expireEscrowOf(tx, artistId, cutoff));
    expect(returned.map((r) => [r.fanId, r.amountCents])).toEqual([[fan.id, 420]]);
    expect(await ledger.balanceOf(accounts.fanWallet(fan.id))).toBe(420);
  });
});
