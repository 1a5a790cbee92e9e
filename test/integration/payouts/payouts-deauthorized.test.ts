import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, Ledger } from '#pie/ledger';
import { bookDueTransfer } from '#pie/payouts/testing';
import { Database } from '#pie/platform';
import { logIn, makeAccount } from '../../support/accounts.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { makeCatalogueArtist, officeAdmin } from '../claims/artist-area-fixtures.js';
import { enableStripe, intoEscrow, verifyClaim, type OfficeAdmin } from './payouts-fixtures.js';
import { TEST_JOURNAL_KINDS } from '#pie/ledger/testing';

// Issue 26, defects 5 and 9: an office's Stripe account that removes Pie's access
// (`account.application.deauthorized`) can never be reached again. The way back is a new Express
// account, the money already in the old one left with it (the ledger says so), and the provider
// check compares only what Pie can still read, without a false alarm and without losing a real one.

describe('payouts: an account that deauthorized Pie', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let ledger: Ledger;
  let adminCookies: Record<string, string>;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'payouts-deauthorized', stripe: true, env: { TRANSFER_THRESHOLD_CENTS: '1000' } });
    sql = openSql(platform.database.url);
    ledger = new Ledger(platform.api.get(Database));
    adminCookies = (await logIn(platform, await makeAccount(sql, 'admin'))).cookies;
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  const connected = (officeId: string) => ledger.balanceOf(accounts.officeConnected(officeId));
  const stripeBalance = async (stripeAccount: string) => {
    const balance = await platform.stripe.balance.retrieve({}, { stripeAccount });
    return [...balance.available, ...balance.pending].reduce((sum, entry) => sum + entry.amount, 0);
  };
  const connectionOf = async (officeId: string) =>
    (await sql.query<{ stripe_account_id: string; status: string; disconnected_at: Date | null; deauthorized_at: Date | null }>(
      `select stripe_account_id, status, disconnected_at, deauthorized_at from payouts.connected_accounts where office_id = $1`,
      [officeId],
    ))[0]!;

  async function providerCheck(): Promise<{ ok: boolean; rows: string[] }> {
    const answer = await platform.request('POST', '/api/admin/financial-reconciliation/run-provider-check', { cookies: adminCookies });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return eventually('the provider check', async () => {
      const followed = await platform.request('GET', `/api/admin/financial-reconciliation/runs/${answer.body.data.runId}`, { cookies: adminCookies });
      return followed.body.data.status === 'done' ? followed.body.data : undefined;
    });
  }
  const rowsAbout = (rows: string[], stripeAccount: string) => rows.filter((row) => row.includes(`(${stripeAccount})`));

  /** An office with a verified artist, whose Stripe account holds `cents` Pie transferred. */
  async function officeWithTransfer(name: string, cents: number): Promise<{ admin: OfficeAdmin; stripeAccount: string; artistId: string }> {
    const admin = await officeAdmin(platform, sql, name);
    const artist = await makeCatalogueArtist(sql, `${name} Artist`);
    await intoEscrow(platform, artist.id, cents);
    await verifyClaim(platform, admin, artist);
    const stripeAccount = await enableStripe(platform, sql, admin);
    await eventually('the transfer', async () => (await sql.value<string>(`select status from payouts.transfers where office_id = $1`, [admin.officeId])) === 'made');
    return { admin, stripeAccount, artistId: artist.id };
  }

  async function deauthorize(officeId: string, stripeAccount: string): Promise<void> {
    await platform.stripeControl.deauthorizeAccount(stripeAccount);
    await eventually('the deauthorization settled', async () => (await sql.value<number>(`select count(*)::int from payouts.deauthorized_accounts where stripe_account_id = $1 and settled_at is not null`, [stripeAccount])) === 1);
    expect((await connectionOf(officeId)).disconnected_at).not.toBeNull();
  }

  it('the money in the account left with it: one balanced journal, office_connected back to what Pie can still reach', async () => {
    const { admin, stripeAccount } = await officeWithTransfer('Gone With It', 1500);
    expect(await connected(admin.officeId)).toBe(1500);
    await deauthorize(admin.officeId, stripeAccount);

    expect(await connected(admin.officeId)).toBe(0);
    const journals = await sql.query<{ kind: string; key: string; refs: Record<string, string>; legs: { account: string; cents: string }[] }>(
      `select j.kind, j.idempotency_key as key, j."references" as refs, json_agg(json_build_object('account', p.account, 'cents', p.amount_cents::text) order by p.account) as legs
         from ledger.journals j join ledger.postings p on p.journal_id = j.id
        where j.kind = 'connected_account_deauthorized' and j."references"->>'officeId' = $1 group by j.id`,
      [admin.officeId],
    );
    expect(journals).toEqual([
      {
        kind: 'connected_account_deauthorized',
        key: `connected_account_deauthorized:${stripeAccount}`,
        refs: { officeId: admin.officeId, stripeAccountId: stripeAccount },
        legs: [
          { account: accounts.officeConnected(admin.officeId), cents: '-1500' },
          { account: accounts.stripeClearing, cents: '1500' },
        ],
      },
    ]);
    expect(await sql.value<string>(`select left_with_account_cents::text from payouts.deauthorized_accounts where stripe_account_id = $1`, [stripeAccount])).toBe('1500');
    // The office sees where it went.
    const history = await platform.request('GET', `/api/for-artists/stripe/transactions?officeId=${admin.officeId}&filter=all`, { cookies: admin.cookies });
    expect(history.status).toBe(200);
    expect(history.body.data.find((item: { detail: string }) => item.detail === 'account_deauthorized')).toMatchObject({ amountCents: -1500 });
    const report = await ledger.checkInvariants();
    expect(report.results.filter((result) => !result.ok)).toEqual([]);
    // No false alarm for the account Pie can no longer read.
    expect(rowsAbout((await providerCheck()).rows, stripeAccount)).toEqual([]);
  });

  it('a transfer booked but not yet sent when access went goes back to the earnings, not with the account', async () => {
    const admin = await officeAdmin(platform, sql, 'Booked Then Gone');
    const artist = await makeCatalogueArtist(sql, 'Booked Then Gone Artist');
    await verifyClaim(platform, admin, artist);
    const stripeAccount = await enableStripe(platform, sql, admin);
    await ledger.post({
      kind: TEST_JOURNAL_KINDS.funding,
      idempotencyKey: `test_funding:${randomUUID()}`,
      occurredAt: new Date(),
      postings: [{ account: accounts.stripeClearing, amountCents: -1200 }, { account: accounts.officeEarnings(admin.officeId), amountCents: 1200 }],
    });
    const booked = await platform.api.get(Database).transaction((tx) => bookDueTransfer(tx, admin.officeId, { thresholdCents: 1000, monthEnd: false, now: new Date() }));
    expect(booked?.amount_cents).toBe('1200');
    await deauthorize(admin.officeId, stripeAccount);
    expect(await sql.value<string>(`select status from payouts.transfers where id = $1`, [booked!.id])).toBe('failed');
    expect(await ledger.balanceOf(accounts.officeEarnings(admin.officeId))).toBe(1200);
    expect(await connected(admin.officeId)).toBe(0);
    expect(await sql.value<number>(`select count(*)::int from ledger.journals where kind = 'connected_account_deauthorized' and "references"->>'officeId' = $1`, [admin.officeId])).toBe(0);
  });

  it('the office onboards again: a new Express account (manual payouts), recorded with the old one, and its money goes there', async () => {
    const { admin, stripeAccount: old, artistId } = await officeWithTransfer('Second Account', 1500);
    await deauthorize(admin.officeId, old);
    await intoEscrow(platform, artistId, 2200);

    const again = await platform.request('POST', '/api/for-artists/stripe/completeOnboarding', { cookies: admin.cookies, body: { officeId: admin.officeId } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.accountLink.url).toContain('/connect/onboarding/');
    const row = await connectionOf(admin.officeId);
    expect(row.stripe_account_id).not.toBe(old);
    expect(row).toMatchObject({ disconnected_at: null, deauthorized_at: null });
    const fresh = await platform.stripe.accounts.retrieve(row.stripe_account_id);
    expect(fresh).toMatchObject({ type: 'express', metadata: { officeId: admin.officeId }, settings: { payouts: { schedule: { interval: 'manual' } } } });
    // A second click (or a retry) makes no third account.
    const twice = await platform.request('POST', '/api/for-artists/stripe/completeOnboarding', { cookies: admin.cookies, body: { officeId: admin.officeId } });
    expect(twice.status).toBe(200);
    expect((await connectionOf(admin.officeId)).stripe_account_id).toBe(row.stripe_account_id);
    expect((await platform.stripe.accounts.list({ limit: 100 })).data.filter((account) => account.metadata?.officeId === admin.officeId)).toHaveLength(2);

    const changes = await sql.query<{ action: string; by_kind: string; by_user_id: string | null; stripe_account_id: string; previous_stripe_account_id: string | null }>(
      `select action, by_kind, by_user_id, stripe_account_id, previous_stripe_account_id from payouts.connection_changes where office_id = $1 order by id`,
      [admin.officeId],
    );
    expect(changes).toEqual([
      { action: 'deauthorized', by_kind: 'stripe', by_user_id: null, stripe_account_id: old, previous_stripe_account_id: null },
      { action: 'new_account', by_kind: 'office', by_user_id: admin.account.id, stripe_account_id: row.stripe_account_id, previous_stripe_account_id: old },
    ]);
    expect(await sql.value<string>(`select replaced_by from payouts.deauthorized_accounts where stripe_account_id = $1`, [old])).toBe(row.stripe_account_id);

    await platform.stripeControl.onboardAccount(row.stripe_account_id, {});
    await eventually('the new account enabled', async () => (await connectionOf(admin.officeId)).status === 'enabled');
    await eventually('the escrow transferred to the new account', async () => (await platform.stripe.transfers.list({ destination: row.stripe_account_id })).data.length === 1);
    expect((await platform.stripe.transfers.list({ destination: row.stripe_account_id })).data[0]!.amount).toBe(2200);
    expect(await connected(admin.officeId)).toBe(2200);
    expect(await stripeBalance(row.stripe_account_id)).toBe(2200);

    // Neither account raises a false alarm: the old one compared on what Pie can read (its transfers), the new one in full.
    const check = await providerCheck();
    expect(rowsAbout(check.rows, old)).toEqual([]);
    expect(rowsAbout(check.rows, row.stripe_account_id)).toEqual([]);

    // The office pays out from its new account as usual, with Stripe's fees for it.
    const paid = await platform.request('POST', '/api/for-artists/stripe/create-payout', { cookies: admin.cookies, body: { officeId: admin.officeId } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await eventually('the payout fees', async () => (await sql.value<number>(`select count(*)::int from ledger.journals where kind in ('payout_fee', 'monthly_account_fee') and "references"->>'officeId' = $1`, [admin.officeId])) === 2);
    expect(rowsAbout((await providerCheck()).rows, row.stripe_account_id)).toEqual([]);
  });

  it('a month with a payout from the old account and one from the new is billed (and booked) as two active accounts', async () => {
    const { admin, stripeAccount: old, artistId } = await officeWithTransfer('Two In A Month', 1500);
    const first = await platform.request('POST', '/api/for-artists/stripe/create-payout', { cookies: admin.cookies, body: { officeId: admin.officeId } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await eventually('the first month fee', async () => (await sql.value<number>(`select count(*)::int from ledger.journals where kind = 'monthly_account_fee' and "references"->>'officeId' = $1`, [admin.officeId])) === 1);
    await deauthorize(admin.officeId, old);
    await intoEscrow(platform, artistId, 1300);
    expect((await platform.request('POST', '/api/for-artists/stripe/completeOnboarding', { cookies: admin.cookies, body: { officeId: admin.officeId } })).status).toBe(200);
    const fresh = (await connectionOf(admin.officeId)).stripe_account_id;
    await platform.stripeControl.onboardAccount(fresh, {});
    await eventually('the transfer to the new account', async () => (await platform.stripe.transfers.list({ destination: fresh })).data.length === 1);
    const second = await platform.request('POST', '/api/for-artists/stripe/create-payout', { cookies: admin.cookies, body: { officeId: admin.officeId } });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    await eventually('the second month fee', async () => (await sql.value<number>(`select count(*)::int from ledger.journals where kind = 'monthly_account_fee' and "references"->>'officeId' = $1`, [admin.officeId])) === 2);
    const rows = (await providerCheck()).rows;
    expect(rows.filter((row) => row.startsWith('Stripe’s Connect fees') || row.startsWith("Stripe's Connect fees"))).toEqual([]);
    expect(rowsAbout(rows, old)).toEqual([]);
    expect(rowsAbout(rows, fresh)).toEqual([]);
  });

  it('the provider check still flags what Pie can see go wrong on either account', async () => {
    const { admin, stripeAccount: old } = await officeWithTransfer('Still Watched', 1100);
    // Money sent to the old account outside the books, before it went: a real difference on what Pie can still read.
    await platform.stripe.transfers.create({ amount: 300, currency: 'usd', destination: old });
    await deauthorize(admin.officeId, old);
    const onOld = rowsAbout((await providerCheck()).rows, old);
    expect(onOld).toHaveLength(1);
    expect(onOld[0]).toContain('"transferredCents":1400');

    const again = await platform.request('POST', '/api/for-artists/stripe/completeOnboarding', { cookies: admin.cookies, body: { officeId: admin.officeId } });
    expect(again.status).toBe(200);
    const fresh = (await connectionOf(admin.officeId)).stripe_account_id;
    await platform.stripeControl.onboardAccount(fresh, {});
    await eventually('the new account enabled', async () => (await connectionOf(admin.officeId)).status === 'enabled');
    await platform.stripe.transfers.create({ amount: 50, currency: 'usd', destination: fresh });
    const rows = (await providerCheck()).rows;
    expect(rowsAbout(rows, old)).toHaveLength(1);
    expect(rowsAbout(rows, fresh)).toHaveLength(1);
    expect(rowsAbout(rows, fresh)[0]).toContain('"balanceCents":50');
  });

  it('an admin cannot reconnect a deauthorized account (409: the office must onboard again); the office’s Stripe pages answer without a 500', async () => {
    const { admin, stripeAccount } = await officeWithTransfer('Admin Cannot', 1000);
    await deauthorize(admin.officeId, stripeAccount);
    const refused = await platform.request('POST', `/api/admin/offices/${admin.officeId}/stripe-connection`, { cookies: adminCookies });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.code).toBe('payouts.account-deauthorized');
    expect(refused.body.message).toMatch(/removed Pie's access.*onboard|connect Stripe again/i);
    expect((await connectionOf(admin.officeId)).disconnected_at).not.toBeNull();
    expect(await sql.value<number>(`select count(*)::int from admin.audit_log where target_id = $1 and action = 'office.stripe-reconnected'`, [admin.officeId])).toBe(0);

    const login = await platform.request('GET', `/api/for-artists/stripe/createLoginLink?officeId=${admin.officeId}`, { cookies: admin.cookies });
    expect(login.status).toBe(409);
    expect(login.body.code).toBe('payouts.account-deauthorized');
    const payout = await platform.request('POST', '/api/for-artists/stripe/create-payout', { cookies: admin.cookies, body: { officeId: admin.officeId } });
    expect(payout.status).toBe(409);
    for (const path of ['connected-account-balance', 'total-payout', 'check-monthly-fee']) {
      const answer = await platform.request('GET', `/api/for-artists/stripe/${path}?officeId=${admin.officeId}`, { cookies: admin.cookies });
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
  });
});
