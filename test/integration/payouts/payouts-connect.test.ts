import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_MONTHLY_ACTIVE_ACCOUNT_FEE_CENTS } from '#pie/contracts';
import { accounts, Ledger } from '#pie/ledger';
import { Database } from '#pie/platform';
import { eventually, openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { addMember, makeCatalogueArtist, makeClaim, officeAdmin, signedInArtist } from '../claims/artist-area-fixtures.js';
import { TEST_JOURNAL_KINDS } from '#pie/ledger/testing';

/**
 * An office connects its Stripe Connect (Express) account through the sandbox: only its admins may,
 * one account however many times (and however concurrently) they click, its status follows Stripe's
 * `account.updated` through the webhook, billing's event and payouts' listener; members read the
 * status and balance, outsiders get 404s, bad ids 400s.
 */
describe('payouts: an office connects Stripe', () => {
  let platform: TestPlatform;
  let sql: Sql;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'payouts-connect', stripe: true });
    sql = openSql(platform.database.url);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  const accountRow = (officeId: string) => sql.query<{ stripe_account_id: string; status: string }>(`select stripe_account_id, status from payouts.connected_accounts where office_id = $1`, [officeId]);

  it('onboards once, however often and concurrently the admin starts, and follows account.updated to enabled', async () => {
    const admin = await officeAdmin(platform, sql, 'Northern Lights Mgmt');
    const status = await platform.request('GET', `/api/for-artists/stripe/check-monthly-fee?officeId=${admin.officeId}`, { cookies: admin.cookies });
    expect(status.status).toBe(200);
    expect(status.body.data).toEqual({ status: 'not_connected', monthlyFeeCents: STRIPE_MONTHLY_ACTIVE_ACCOUNT_FEE_CENTS, earningsThisMonthCents: 0, covered: false, disconnectedAt: null });

    const starts = await Promise.all(
      Array.from({ length: 5 }, () => platform.request('POST', '/api/for-artists/stripe/completeOnboarding', { cookies: admin.cookies, body: { officeId: admin.officeId } })),
    );
    for (const start of starts) {
      expect(start.status, JSON.stringify(start.body)).toBe(200);
      expect(start.body.data.accountLink.url).toMatch(/\/connect\/onboarding\//);
    }
    const rows = await accountRow(admin.officeId);
    expect(rows).toHaveLength(1);
    const stripeAccounts = (await platform.stripe.accounts.list({ limit: 100 })).data.filter((account) => account.metadata?.officeId === admin.officeId);
    expect(stripeAccounts.map((account) => account.id)).toEqual([rows[0].stripe_account_id]);
    expect(rows[0].status).toBe('requirements_due');

    // The dashboard opens only once Stripe has the details.
    const early = await platform.request('GET', `/api/for-artists/stripe/createLoginLink?officeId=${admin.officeId}`, { cookies: admin.cookies });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('payouts.onboarding-incomplete');

    // The admin fills in Stripe's onboarding page; Stripe's account.updated reaches payouts on its own.
    await platform.stripeControl.onboardAccount(rows[0].stripe_account_id);
    await eventually('account.updated to reach payouts', async () => (await accountRow(admin.officeId))[0].status === 'enabled');
    const enabled = await platform.request('GET', `/api/for-artists/stripe/check-monthly-fee?officeId=${admin.officeId}`, { cookies: admin.cookies });
    expect(enabled.body.data.status).toBe('enabled');
    const login = await platform.request('GET', `/api/for-artists/stripe/createLoginLink?officeId=${admin.officeId}`, { cookies: admin.cookies });
    expect(login.status).toBe(200);
    expect(login.body.data.login_url).toMatch(/\/connect\/express\//);

    // What Stripe holds for the office and has paid out, read from Stripe: a transfer in, a payout paid.
    const figures = async () => ({
      balance: (await platform.request('GET', `/api/for-artists/stripe/connected-account-balance?officeId=${admin.officeId}`, { cookies: admin.cookies })).body.data,
      paidOut: (await platform.request('GET', `/api/for-artists/stripe/total-payout?officeId=${admin.officeId}`, { cookies: admin.cookies })).body.data,
    });
    expect(await figures()).toEqual({ balance: { availableCents: 0, pendingCents: 0 }, paidOut: { totalCents: 0 } });
    const stripeAccount = rows[0].stripe_account_id;
    await platform.stripe.transfers.create({ amount: 5_000, currency: 'usd', destination: stripeAccount });
    await platform.stripe.payouts.create({ amount: 1_200, currency: 'usd' }, { stripeAccount });
    expect((await figures()).balance).toEqual({ availableCents: 3_800, pendingCents: 0 });
    await platform.stripeControl.advanceClock({ days: 3 });
    expect((await figures()).paidOut).toEqual({ totalCents: 1_200 });
  });

  it('shows requirements due when Stripe still needs details, re-read on the way back from onboarding', async () => {
    const admin = await officeAdmin(platform, sql, 'Half Done Records');
    await platform.request('POST', '/api/for-artists/stripe/completeOnboarding', { cookies: admin.cookies, body: { officeId: admin.officeId } });
    const [row] = await accountRow(admin.officeId);
    await platform.stripeControl.onboardAccount(row.stripe_account_id, { leaveRequirementsDue: true });
    const check = await platform.request('GET', `/api/for-artists/stripe/check-monthly-fee?officeId=${admin.officeId}`, { cookies: admin.cookies });
    expect(check.body.data.status).toBe('requirements_due');
  });

  it('lets only the office admin connect; members read; outsiders get 404 and bad ids 400', async () => {
    const admin = await officeAdmin(platform, sql, 'Guarded Office');
    const member = await addMember(platform, sql, admin);
    const outsider = await signedInArtist(platform, sql);

    const byMember = await platform.request('POST', '/api/for-artists/stripe/completeOnboarding', { cookies: member.cookies, body: { officeId: admin.officeId } });
    expect(byMember.status).toBe(403);
    expect((await platform.request('GET', `/api/for-artists/stripe/createLoginLink?officeId=${admin.officeId}`, { cookies: member.cookies })).status).toBe(403);
    expect((await platform.request('GET', `/api/for-artists/stripe/check-monthly-fee?officeId=${admin.officeId}`, { cookies: member.cookies })).status).toBe(200);

    for (const [method, path, body] of [
      ['POST', '/api/for-artists/stripe/completeOnboarding', { officeId: admin.officeId }],
      ['GET', `/api/for-artists/stripe/createLoginLink?officeId=${admin.officeId}`, undefined],
      ['GET', `/api/for-artists/stripe/check-monthly-fee?officeId=${admin.officeId}`, undefined],
      ['GET', `/api/for-artists/stripe/balance?officeId=${admin.officeId}`, undefined],
      ['GET', `/api/for-artists/stripe/connected-account-balance?officeId=${admin.officeId}`, undefined],
      ['GET', `/api/for-artists/stripe/total-payout?officeId=${admin.officeId}`, undefined],
    ] as const) {
      expect((await platform.request(method, path, { cookies: outsider.cookies, body })).status, path).toBe(404);
      expect((await platform.request(method, path, { body })).status, path).toBe(401);
    }
    expect(await accountRow(admin.officeId)).toHaveLength(0);

    const badBody = await platform.request('POST', '/api/for-artists/stripe/completeOnboarding', { cookies: admin.cookies, body: { officeId: 'not-an-id' } });
    expect(badBody.status).toBe(400);
    expect(badBody.body.message).toMatch(/officeId/);
    const extra = await platform.request('POST', '/api/for-artists/stripe/completeOnboarding', { cookies: admin.cookies, body: { officeId: admin.officeId, account: 'acct_x' } });
    expect(extra.status).toBe(400);
    expect((await platform.request('GET', '/api/for-artists/stripe/balance', { cookies: admin.cookies })).status).toBe(400);
  });

  it("reads the office's earnings and its claimed artists' escrow; a member sees only assigned artists' escrow", async () => {
    const admin = await officeAdmin(platform, sql, 'Balance Office');
    const member = await addMember(platform, sql, admin);
    const [assigned, other] = [await makeCatalogueArtist(sql), await makeCatalogueArtist(sql)];
    for (const artist of [assigned, other]) {
      const claim = await makeClaim(platform, admin, artist.id);
      await sql.query(`update claims.claims set status = 'successful', verified_at = now() where id = $1`, [claim.id]);
    }
    const ledger = new Ledger(platform.api.get(Database));
    const post = (account: string, cents: number) =>
      ledger.post({
        kind: TEST_JOURNAL_KINDS.funding,
        idempotencyKey: `test_funding:${randomUUID()}`,
        occurredAt: new Date(),
        postings: [
          { account: accounts.stripeClearing, amountCents: -cents },
          { account: account as never, amountCents: cents, ...(account.startsWith('artist_escrow:') ? { fanId: randomUUID() } : {}) },
        ],
      });
    await post(accounts.artistEscrow(assigned.id), 700);
    await post(accounts.artistEscrow(other.id), 300);
    await post(accounts.officeEarnings(admin.officeId), 250);
    const assign = await platform.request('POST', `/api/for-artists/offices/${admin.officeId}/members/${member.account.id}/artists`, { cookies: admin.cookies, body: { artistIds: [assigned.id] } });
    expect(assign.status, JSON.stringify(assign.body)).toBeLessThan(300);

    const asAdmin = await platform.request('GET', `/api/for-artists/stripe/balance?officeId=${admin.officeId}`, { cookies: admin.cookies });
    expect(asAdmin.body.data).toEqual({ earningsCents: 250, escrowCents: 1000 });
    const asMember = await platform.request('GET', `/api/for-artists/stripe/balance?officeId=${admin.officeId}`, { cookies: member.cookies });
    expect(asMember.body.data).toEqual({ earningsCents: 250, escrowCents: 700 });
    const fee = await platform.request('GET', `/api/for-artists/stripe/check-monthly-fee?officeId=${admin.officeId}`, { cookies: admin.cookies });
    expect(fee.body.data).toMatchObject({ earningsThisMonthCents: 250, covered: true });
  });
});
