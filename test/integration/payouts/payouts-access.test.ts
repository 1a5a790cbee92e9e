import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, Ledger } from '#pie/ledger';
import { Database } from '#pie/platform';
import { eventually, openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { addMember, makeCatalogueArtist, officeAdmin } from '../claims/artist-area-fixtures.js';
import { enableStripe, intoEscrow, verifyClaim } from './payouts-fixtures.js';
import { TEST_JOURNAL_KINDS } from '#pie/ledger/testing';

/** Every payouts read and action, asked with another office's ids, by a member, without a session and with bad input. */
describe('payouts: who may see and move an office’s money', () => {
  let platform: TestPlatform;
  let sql: Sql;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'payouts-access', stripe: true, env: { TRANSFER_THRESHOLD_CENTS: '100000000' } });
    sql = openSql(platform.database.url);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  const OFFICE_READS = ['payouts', 'transfers-without-payouts', 'wallet-balance', 'transactions', 'balance', 'connected-account-balance', 'total-payout', 'check-monthly-fee'];

  it('answers 404 for another office’s ids, its payouts, transactions and claims; 401 without a session', async () => {
    const mine = await officeAdmin(platform, sql, 'Mine');
    const theirs = await officeAdmin(platform, sql, 'Theirs');
    const artist = await makeCatalogueArtist(sql, 'Their Artist');
    await intoEscrow(platform, artist.id, 500);
    const theirClaim = await verifyClaim(platform, theirs, artist);
    await enableStripe(platform, sql, theirs);
    const theirJournal = await eventually('their release', () =>
      sql.value<string>(`select j.id from ledger.journals j where j.kind = 'escrow_released' and j."references"->>'officeId' = $1`, [theirs.officeId]),
    );

    for (const read of OFFICE_READS) {
      const answer = await platform.request('GET', `/api/for-artists/stripe/${read}?officeId=${theirs.officeId}`, { cookies: mine.cookies });
      expect(answer.status, read).toBe(404);
      expect((await platform.request('GET', `/api/for-artists/stripe/${read}?officeId=${theirs.officeId}`)).status, read).toBe(401);
    }
    // Their journal asked for under my office: not found (the id is checked against the office).
    const crossed = await platform.request('GET', `/api/for-artists/stripe/transaction-details?officeId=${mine.officeId}&transactionId=${theirJournal}`, { cookies: mine.cookies });
    expect(crossed.status).toBe(404);
    expect(crossed.body.code).toBe('payouts.transaction-not-found');
    const unknownPayout = await platform.request('GET', `/api/for-artists/stripe/payout-details?officeId=${mine.officeId}&payoutId=${randomUUID()}`, { cookies: mine.cookies });
    expect(unknownPayout.status).toBe(404);
    for (const path of [`/api/for-artists/claims/${theirClaim}/transactions`, `/api/for-artists/claims/${theirClaim}/payouts`]) {
      expect((await platform.request('GET', path, { cookies: mine.cookies })).status, path).toBe(404);
    }
    for (const [path, body] of [
      ['/api/for-artists/stripe/create-payout', { officeId: theirs.officeId }],
      ['/api/for-artists/give-back', { officeId: theirs.officeId, share: 5 }],
    ] as const) {
      expect((await platform.request('POST', path, { cookies: mine.cookies, body })).status, path).toBe(404);
    }
    // Their own view works.
    // Their own view works; the release reads as money in for the office (a credit of what reached its earnings), not −$5.00.
    const own = await platform.request('GET', `/api/for-artists/claims/${theirClaim}/transactions?filter=credit`, { cookies: theirs.cookies });
    expect(own.status).toBe(200);
    expect(own.body.data.map((t: { detail: string; amountCents: number }) => [t.detail, t.amountCents])).toEqual([['escrow_released', 500]]);
    expect((await platform.request('GET', `/api/for-artists/claims/${theirClaim}/transactions?filter=payout`, { cookies: theirs.cookies })).body.data).toEqual([]);
    const payouts = await platform.request('GET', `/api/for-artists/claims/${theirClaim}/payouts`, { cookies: theirs.cookies });
    expect(payouts.body).toMatchObject({ success: true, data: [], total: 0 });
  });

  it('lets a member read the office’s figures, only their assigned artists’ transactions, and not move money', async () => {
    const admin = await officeAdmin(platform, sql, 'Team Office');
    const [assigned, other] = [await makeCatalogueArtist(sql, 'Assigned One'), await makeCatalogueArtist(sql, 'Other One')];
    await intoEscrow(platform, assigned.id, 300);
    await intoEscrow(platform, other.id, 700);
    const assignedClaim = await verifyClaim(platform, admin, assigned);
    const otherClaim = await verifyClaim(platform, admin, other);
    await enableStripe(platform, sql, admin);
    const member = await addMember(platform, sql, admin, 'member');
    await sql.query(`insert into offices.member_artists (office_id, user_id, artist_id) values ($1, $2, $3)`, [admin.officeId, member.account.id, assigned.id]);

    await eventually('both releases', async () => (await sql.value<number>(`select count(*)::int from ledger.journals where kind = 'escrow_released' and "references"->>'officeId' = $1`, [admin.officeId])) === 2);
    const adminView = await platform.request('GET', `/api/for-artists/stripe/transactions?officeId=${admin.officeId}`, { cookies: admin.cookies });
    expect(adminView.body.data.map((t: { amountCents: number }) => t.amountCents).sort()).toEqual([300, 700]);
    const memberView = await platform.request('GET', `/api/for-artists/stripe/transactions?officeId=${admin.officeId}`, { cookies: member.cookies });
    expect(memberView.body.data.map((t: { artistId: string; amountCents: number }) => [t.artistId, t.amountCents])).toEqual([[assigned.id, 300]]);
    expect((await platform.request('GET', `/api/for-artists/claims/${otherClaim}/transactions`, { cookies: member.cookies })).status).toBe(404);
    expect((await platform.request('GET', `/api/for-artists/claims/${assignedClaim}/transactions`, { cookies: member.cookies })).status).toBe(200);
    expect((await platform.request('GET', `/api/for-artists/stripe/wallet-balance?officeId=${admin.officeId}`, { cookies: member.cookies })).body.data.earningsCents).toBe(1000);

    const payout = await platform.request('POST', '/api/for-artists/stripe/create-payout', { cookies: member.cookies, body: { officeId: admin.officeId } });
    expect(payout.status).toBe(403);
    // The admin can ask, but nothing reached Stripe yet (the transfer waits for its threshold).
    const nothing = await platform.request('POST', '/api/for-artists/stripe/create-payout', { cookies: admin.cookies, body: { officeId: admin.officeId } });
    expect(nothing.status).toBe(409);
    expect(nothing.body.code).toBe('payouts.nothing-to-pay-out');
  });

  it('answers 400 with a clear message for bad input on every endpoint, and 409 before Stripe is connected', async () => {
    const admin = await officeAdmin(platform, sql, 'Careless Office');
    const bad: [string, string, unknown?][] = [
      ['GET', '/api/for-artists/stripe/payouts?officeId=not-an-id'],
      ['GET', `/api/for-artists/stripe/payouts?officeId=${admin.officeId}&page=0`],
      ['GET', `/api/for-artists/stripe/payouts?officeId=${admin.officeId}&limit=1000`],
      ['GET', '/api/for-artists/stripe/payouts'],
      ['GET', `/api/for-artists/stripe/payout-details?officeId=${admin.officeId}&payoutId=po_123`],
      ['GET', `/api/for-artists/stripe/transactions?officeId=${admin.officeId}&filter=everything`],
      ['GET', `/api/for-artists/stripe/transaction-details?officeId=${admin.officeId}`],
      ['GET', `/api/for-artists/stripe/transfers-without-payouts?officeId=${admin.officeId}&page=abc`],
      ['GET', '/api/for-artists/stripe/wallet-balance?officeId='],
      ['GET', '/api/for-artists/claims/not-a-claim/transactions'],
      ['GET', `/api/for-artists/claims/${randomUUID()}/transactions?filter=nope`],
      ['GET', '/api/for-artists/claims/not-a-claim/payouts'],
      ['GET', '/api/for-artists/give-back?officeId=x'],
      ['POST', '/api/for-artists/stripe/create-payout', {}],
      ['POST', '/api/for-artists/stripe/create-payout', { officeId: admin.officeId, amount: 5 }],
      ['POST', '/api/for-artists/give-back', { officeId: admin.officeId, share: 'lots' }],
    ];
    for (const [method, path, body] of bad) {
      const answer = await platform.request(method as 'GET' | 'POST', path, { cookies: admin.cookies, body });
      expect(answer.status, `${method} ${path}`).toBe(400);
      expect(answer.body.message, `${method} ${path}`).toMatch(/\w+/);
      expect(answer.body.code, `${method} ${path}`).toBe('validation-failed');
    }
    const notConnected = await platform.request('POST', '/api/for-artists/stripe/create-payout', { cookies: admin.cookies, body: { officeId: admin.officeId } });
    expect(notConnected.status).toBe(409);
    expect(notConnected.body.code).toBe('payouts.not-connected');
    await new Ledger(platform.api.get(Database)).post({
      kind: TEST_JOURNAL_KINDS.funding,
      idempotencyKey: `test_funding:${randomUUID()}`,
      occurredAt: new Date(),
      postings: [
        { account: accounts.stripeClearing, amountCents: -100 },
        { account: accounts.officeEarnings(admin.officeId), amountCents: 100 },
      ],
    });
    const empty = await platform.request('GET', `/api/for-artists/stripe/payouts?officeId=${admin.officeId}&page=3`, { cookies: admin.cookies });
    expect(empty.body).toMatchObject({ data: [], pagination: { page: 3, limit: 10, total: 0, pages: 0 } });
  });
});
