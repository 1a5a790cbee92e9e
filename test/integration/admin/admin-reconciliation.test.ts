import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireEscrowOf } from '#pie/payouts/testing';
import { closePiePeriod } from '#pie/pies/testing';
import { accounts, Ledger, type JournalInput } from '#pie/ledger';
import { Database } from '#pie/platform';
import { logIn, makeAccount } from '../../support/accounts.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { makeCatalogueArtist, officeAdmin } from '../claims/artist-area-fixtures.js';
import { makeTrack, seedPlays } from '../listening/listening-fixtures.js';
import { enableStripe, verifyClaim } from '../payouts/payouts-fixtures.js';
import { DAY, fundWallet, makePie } from '../pies/pies-fixtures.js';

const TYPES = ['ledger', 'balances', 'escrow', 'wallets', 'provider', 'idempotency'] as const;

/**
 * The reconciliation (issue 15): on books made by the real flows (a fan's period closed into two
 * artists' escrow, one released to an office and transferred to its Stripe account) every check
 * passes; then each of six faults, seeded behind the application's back and removed again, makes
 * exactly its own check fail and name the rows.
 */
describe('admin reconciliation', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let admin: Record<string, string>;
  let stripeAccount: string;
  let unclaimedArtist: string;
  let officeId: string;
  let fanId: string;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'admin-reconciliation', stripe: true, env: { TRANSFER_THRESHOLD_CENTS: '500' } });
    sql = openSql(platform.database.url);
    admin = (await logIn(platform, await makeAccount(sql, 'admin'))).cookies;

    const office = await officeAdmin(platform, sql, 'Reconciled Office');
    const [claimed, unclaimed] = [await makeCatalogueArtist(sql, 'Reconciled Star'), await makeCatalogueArtist(sql, 'Reconciled Stranger')];
    unclaimedArtist = unclaimed.id;
    await verifyClaim(platform, office, claimed);
    stripeAccount = await enableStripe(platform, sql, office);
    const fan = await makeAccount(sql, 'fan');
    const periodEnd = new Date(Date.now() - DAY);
    const periodStart = new Date(periodEnd.getTime() - 30 * DAY);
    const { periodId } = await makePie(platform, fan.id, { startsAt: periodStart, endsAt: periodEnd });
    await seedPlays(platform, fan.id, [
      { track: await makeTrack(sql, [claimed.id]), at: new Date(periodStart.getTime() + DAY), ms: 300_000 },
      { track: await makeTrack(sql, [unclaimed.id]), at: new Date(periodStart.getTime() + 2 * DAY), ms: 100_000 },
    ]);
    await fundWallet(platform, fan.id, 1000, new Date(periodStart.getTime() + 1000));
    await platform.api.get(Database).transaction((tx) => closePiePeriod(tx, periodId));
    await eventually('the transfer', async () => (await sql.value<string>(`select status from payouts.transfers where office_id = $1`, [office.officeId])) === 'made');
    officeId = office.officeId;

    // Money Stripe really moved: two fans pay through Checkout; one charges back and wins, one is
    // refunded in part and the refund fails; the office is paid out (with Stripe's Connect fees).
    const [disputer, refunded] = [await paidFan(), await paidFan()];
    fanId = disputer.fanId;
    const dispute = await platform.stripeControl.disputeCharge(disputer.charge);
    await platform.stripeControl.closeDispute(dispute.id, 'won');
    await eventually('the dispute won', async () => (await sql.value<number>(`select count(*)::int from ledger.journals where idempotency_key = $1`, [`dispute_won:${dispute.id}`])) === 1);
    const refund = await platform.stripeControl.refundCharge(refunded.charge, { amount: 300 });
    await eventually('the refund', async () => (await sql.value<number>(`select count(*)::int from ledger.journals where idempotency_key = $1`, [`refund:${refund.id}`])) === 1);
    await platform.stripeControl.failRefund(refund.id);
    await eventually('the failed refund', async () => (await sql.value<number>(`select count(*)::int from ledger.journals where idempotency_key = $1`, [`refund_failed:${refund.id}`])) === 1);
    const payout = await platform.request('POST', '/api/for-artists/stripe/create-payout', { cookies: office.cookies, body: { officeId: office.officeId } });
    expect(payout.status, JSON.stringify(payout.body)).toBe(200);
    await eventually('the payout fees', async () => (await sql.value<number>(`select count(*)::int from ledger.journals where kind in ('payout_fee', 'monthly_account_fee') and "references"->>'officeId' = $1`, [office.officeId])) === 2);
  }, 240_000);

  async function paidFan(): Promise<{ fanId: string; charge: string }> {
    const account = await makeAccount(sql, 'fan');
    const { cookies } = await logIn(platform, account);
    const checkout = await platform.request('POST', '/api/stripe/createCheckout', { cookies, body: { amount: '10.00', pieDays: 30, artistLimit: 10, artistPopularity: 0, excludeNonActive: false } });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    await platform.stripeControl.payCheckoutSession(checkout.body.data.sessionId);
    const charge = await eventually('the paid invoice', async () => (await sql.query<{ charge_id: string }>(`select charge_id from billing.invoices where fan_id = $1`, [account.id]))[0]?.charge_id);
    return { fanId: account.id, charge };
  }
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  async function run(type: string): Promise<{ ok: boolean; violations: number; rows: string[] }> {
    const answer = await platform.request('POST', `/api/admin/financial-reconciliation/run-${type}-check`, { cookies: admin });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    if (answer.body.data.status !== 'running') return answer.body.data;
    // The provider check is a job: follow its run until the worker is done with it.
    return eventually(`the ${type} check's job`, async () => {
      const followed = await platform.request('GET', `/api/admin/financial-reconciliation/runs/${answer.body.data.runId}`, { cookies: admin });
      expect(followed.status).toBe(200);
      return followed.body.data.status === 'done' ? followed.body.data : undefined;
    });
  }

  async function failing(): Promise<Record<string, string[]>> {
    const results: Record<string, string[]> = {};
    for (const type of TYPES) {
      const result = await run(type);
      if (!result.ok) results[type] = result.rows;
    }
    return results;
  }

  /** Runs `sql` with the application's triggers off (append-only guards, balance triggers): a fault behind its back. */
  const behindTheBack = (statements: string) => sql.query(`begin; set local session_replication_role = replica; ${statements}; commit;`);

  it('passes every check on books the real flows made', async () => {
    expect(await failing()).toEqual({});
  });

  it('an unbalanced journal fails the ledger check alone, naming the journal', async () => {
    const journal = randomUUID();
    await behindTheBack(`
      insert into ledger.journals (id, kind, idempotency_key, occurred_at) values ('${journal}', 'fault', 'fault:${journal}', now());
      insert into ledger.postings (journal_id, account, amount_cents) values ('${journal}', 'stripe_clearing', 7), ('${journal}', 'refunds', -5);
      update ledger.accounts set balance_cents = balance_cents + 7 where code = 'stripe_clearing';
      update ledger.accounts set balance_cents = balance_cents - 5 where code = 'refunds'`);
    const failed = await failing();
    expect(Object.keys(failed)).toEqual(['ledger']);
    expect(failed.ledger.join('\n')).toContain(`journal ${journal}: sum 2`);
    await behindTheBack(`
      delete from ledger.postings where journal_id = '${journal}'; delete from ledger.journals where id = '${journal}';
      update ledger.accounts set balance_cents = balance_cents - 7 where code = 'stripe_clearing';
      update ledger.accounts set balance_cents = balance_cents + 5 where code = 'refunds'`);
    expect(await failing()).toEqual({});
  });

  it('a wrong cached balance fails the balances check alone, naming the accounts', async () => {
    await behindTheBack(`
      update ledger.accounts set balance_cents = balance_cents + 1 where code = 'processor_fees';
      update ledger.accounts set balance_cents = balance_cents - 1 where code = 'stripe_clearing'`);
    const failed = await failing();
    expect(Object.keys(failed)).toEqual(['balances']);
    expect(failed.balances.map((row) => row.split(':')[0]).sort()).toEqual(['processor_fees', 'stripe_clearing']);
    await behindTheBack(`
      update ledger.accounts set balance_cents = balance_cents - 1 where code = 'processor_fees';
      update ledger.accounts set balance_cents = balance_cents + 1 where code = 'stripe_clearing'`);
    expect(await failing()).toEqual({});
  });

  it('escrow the pies did not allocate fails the escrow check alone, naming the artist', async () => {
    const journal = randomUUID();
    const escrow = `artist_escrow:${unclaimedArtist}`;
    await behindTheBack(`
      insert into ledger.journals (id, kind, idempotency_key, occurred_at) values ('${journal}', 'fault', 'fault:${journal}', now());
      insert into ledger.postings (journal_id, account, amount_cents) values ('${journal}', 'stripe_clearing', -300), ('${journal}', '${escrow}', 300);
      update ledger.accounts set balance_cents = balance_cents - 300 where code = 'stripe_clearing';
      update ledger.accounts set balance_cents = balance_cents + 300 where code = '${escrow}'`);
    const failed = await failing();
    expect(Object.keys(failed)).toEqual(['escrow']);
    expect(failed.escrow).toEqual([
      expect.stringContaining(`${escrow}: in 250 cents from the pies, out 0, so 250 should be there; the balance is 550`),
      `journal ${journal} moves 300 cents on ${escrow}, its escrow lines 0`,
    ]);
    await behindTheBack(`
      delete from ledger.postings where journal_id = '${journal}'; delete from ledger.journals where id = '${journal}';
      update ledger.accounts set balance_cents = balance_cents + 300 where code = 'stripe_clearing';
      update ledger.accounts set balance_cents = balance_cents - 300 where code = '${escrow}'`);
    expect(await failing()).toEqual({});
  });

  it('a negative wallet fails the wallets check alone, naming the wallet', async () => {
    const fan = randomUUID();
    const journal = randomUUID();
    const wallet = `fan_wallet:${fan}`;
    await behindTheBack(`
      alter table ledger.accounts drop constraint accounts_balance_not_negative;
      insert into ledger.accounts (code, kind, owner_id, allow_negative, balance_cents) values ('${wallet}', 'fan_wallet', '${fan}', false, -100);
      insert into ledger.journals (id, kind, idempotency_key, occurred_at) values ('${journal}', 'fault', 'fault:${journal}', now());
      insert into ledger.postings (journal_id, account, amount_cents) values ('${journal}', '${wallet}', -100), ('${journal}', 'stripe_clearing', 100);
      update ledger.accounts set balance_cents = balance_cents + 100 where code = 'stripe_clearing'`);
    const failed = await failing();
    expect(Object.keys(failed)).toEqual(['wallets']);
    expect(failed.wallets).toEqual([`${wallet}: -100`]);
    await behindTheBack(`
      delete from ledger.postings where journal_id = '${journal}'; delete from ledger.journals where id = '${journal}'; delete from ledger.accounts where code = '${wallet}';
      update ledger.accounts set balance_cents = balance_cents - 100 where code = 'stripe_clearing';
      alter table ledger.accounts add constraint accounts_balance_not_negative check (allow_negative or balance_cents >= 0)`);
    expect(await failing()).toEqual({});
  });

  it('a Stripe transfer the ledger lacks fails the provider check alone, naming the office', async () => {
    const stray = await platform.stripe.transfers.create({ amount: 123, currency: 'usd', destination: stripeAccount });
    const failed = await failing();
    expect(Object.keys(failed)).toEqual(['provider']);
    const office = failed.provider.filter((row) => row.includes(`(${stripeAccount})`));
    expect(office).toHaveLength(1);
    expect(office[0]).toContain('Stripe {"transfers":2,"transferredCents":873');
    expect(failed.provider.some((row) => row.startsWith('stripe_clearing:'))).toBe(true);
    await platform.stripe.transfers.createReversal(stray.id, { amount: 123 });
    expect(await failing()).toEqual({});
  });

  it('a duplicate idempotency key fails the idempotency check alone, naming the key', async () => {
    const journal = randomUUID();
    const key = await sql.value<string>(`select idempotency_key from ledger.journals where kind = 'transfer' limit 1`);
    await behindTheBack(`
      alter table ledger.journals drop constraint journals_idempotency_key_unique;
      insert into ledger.journals (id, kind, idempotency_key, occurred_at) values ('${journal}', 'fault', '${key}', now());
      insert into ledger.postings (journal_id, account, amount_cents) values ('${journal}', 'stripe_clearing', -1), ('${journal}', 'processor_fees', 1);
      update ledger.accounts set balance_cents = balance_cents - 1 where code = 'stripe_clearing';
      update ledger.accounts set balance_cents = balance_cents + 1 where code = 'processor_fees'`);
    const failed = await failing();
    expect(Object.keys(failed)).toEqual(['idempotency']);
    expect(failed.idempotency).toEqual([`${key}: 2 journals`]);
    await behindTheBack(`
      delete from ledger.postings where journal_id = '${journal}'; delete from ledger.journals where id = '${journal}';
      update ledger.accounts set balance_cents = balance_cents + 1 where code = 'stripe_clearing';
      update ledger.accounts set balance_cents = balance_cents - 1 where code = 'processor_fees';
      alter table ledger.journals add constraint journals_idempotency_key_unique unique (idempotency_key)`);
    expect(await failing()).toEqual({});
  });

  describe('the provider check catches each Stripe defect of issue 26, posted as a bug would post it', () => {
    const ledger = () => new Ledger(platform.api.get(Database));
    /** Takes a seeded journal out again, behind the application's back (journals are append-only). */
    const remove = (key: string) =>
      behindTheBack(`
        update ledger.accounts a set balance_cents = a.balance_cents - p.amount_cents from ledger.postings p join ledger.journals j on j.id = p.journal_id where j.idempotency_key = '${key}' and p.account = a.code;
        delete from ledger.postings where journal_id = (select id from ledger.journals where idempotency_key = '${key}');
        delete from ledger.journals where idempotency_key = '${key}'`);
    const faults: { defect: string; flagged: RegExp; journal: () => JournalInput }[] = [
      {
        defect: 'a dispute inquiry booked as a chargeback (defect 3)',
        flagged: /dispute dp_inquiry moved 1000 cents in the ledger, nothing at Stripe/,
        journal: () => ({ kind: 'dispute', idempotencyKey: 'dispute:dp_inquiry', occurredAt: new Date(), references: { fanId, stripeDisputeId: 'dp_inquiry' }, postings: [{ account: accounts.stripeClearing, amountCents: 1000 }, { account: accounts.refunds, amountCents: -1000 }] }),
      },
      {
        defect: 'a dispute fee Stripe did not charge (defect 3)',
        flagged: /dispute fee on txn_nofee moved 1500 cents in the ledger/,
        journal: () => ({ kind: 'dispute_fee', idempotencyKey: 'dispute_fee:txn_nofee', occurredAt: new Date(), references: { fanId, stripeBalanceTransactionId: 'txn_nofee' }, postings: [{ account: accounts.processorFees, amountCents: 1500 }, { account: accounts.refunds, amountCents: -1500 }] }),
      },
      {
        defect: 'a payout Stripe made that the books dropped (defect 4)',
        flagged: /office .*ledger \{[^}]*"payouts":0/,
        journal: () => ({ kind: 'payout_failed', idempotencyKey: 'payout_failed:fault', occurredAt: new Date(), references: { officeId }, postings: [{ account: accounts.stripeClearing, amountCents: -1 }, { account: accounts.officeConnected(officeId), amountCents: 1 }] }),
      },
      {
        defect: 'a monthly active-account fee for a month Stripe did not bill (defect 9)',
        flagged: /Connect fees .* in the ledger/,
        journal: () => ({ kind: 'monthly_account_fee', idempotencyKey: 'monthly_account_fee:fault', occurredAt: new Date(), references: { officeId, month: '2020-01', stripePayoutId: 'po_fault' }, postings: [{ account: accounts.processorFees, amountCents: 200 }, { account: accounts.refunds, amountCents: -200 }] }),
      },
      {
        defect: 'a failed refund given back that Stripe never failed (defect 9)',
        flagged: /refund re_fault moved -500 cents in the ledger/,
        journal: () => ({ kind: 'refund_failed', idempotencyKey: 'refund_failed:re_fault', occurredAt: new Date(), references: { fanId, stripeRefundId: 're_fault' }, postings: [{ account: accounts.stripeClearing, amountCents: -500 }, { account: accounts.fanWallet(fanId), amountCents: 500 }] }),
      },
      {
        defect: 'an invoice paid out of band credited as money Stripe collected (defect 9)',
        flagged: /^stripe_clearing: /,
        journal: () => ({ kind: 'invoice_paid', idempotencyKey: 'invoice_paid:in_out_of_band', occurredAt: new Date(), references: { fanId, stripeInvoiceId: 'in_out_of_band', stripeChargeId: null }, postings: [{ account: accounts.stripeClearing, amountCents: -1000 }, { account: accounts.fanWallet(fanId), amountCents: 1000 }] }),
      },
      {
        defect: 'a transfer reversal Stripe did not make (defect 9)',
        flagged: /office .*ledger \{[^}]*"reversedCents":-1/,
        journal: () => ({ kind: 'transfer_reversed', idempotencyKey: 'transfer_reversed:trr_fault', occurredAt: new Date(), references: { officeId }, postings: [{ account: accounts.officeConnected(officeId), amountCents: 1 }, { account: accounts.refunds, amountCents: -1 }] }),
      },
    ];

    it.each(faults)('$defect', async ({ flagged, journal }) => {
      const fault = journal();
      await ledger().post(fault);
      const provider = await run('provider');
      expect(provider.ok).toBe(false);
      expect(provider.rows.some((row) => flagged.test(row)), provider.rows.join('\n')).toBe(true);
      await remove(fault.idempotencyKey);
      expect((await run('provider')).rows).toEqual([]);
    });
  });
  /** A new fan whose closed period put `cents` into the artist's escrow (the real close, so the pies allocated it). */
  async function fanClosedInto(artistId: string, cents: number): Promise<string> {
    const fan = await makeAccount(sql, 'fan');
    const periodEnd = new Date(Date.now() - DAY);
    const periodStart = new Date(periodEnd.getTime() - 30 * DAY);
    const { periodId } = await makePie(platform, fan.id, { startsAt: periodStart, endsAt: periodEnd });
    await seedPlays(platform, fan.id, [{ track: await makeTrack(sql, [artistId]), at: new Date(periodStart.getTime() + DAY), ms: 60_000 }]);
    await fundWallet(platform, fan.id, cents, new Date(periodStart.getTime() + 1000));
    await platform.api.get(Database).transaction((tx) => closePiePeriod(tx, periodId));
    return fan.id;
  }

  /** Takes a journal back out of the books behind the application's back (balances and holdings with it). */
  const undo = (journal: string) =>
    behindTheBack(`
      update ledger.accounts a set balance_cents = a.balance_cents - p.amount_cents from ledger.postings p where p.journal_id = '${journal}' and a.code = p.account;
      update ledger.escrow_holdings h set balance_cents = h.balance_cents - l.amount_cents from ledger.escrow_entries l where l.journal_id = '${journal}' and h.account = l.account and h.fan_id = l.fan_id;
      delete from ledger.escrow_lines where journal_id = '${journal}'; delete from ledger.postings where journal_id = '${journal}'; delete from ledger.journals where id = '${journal}'`);

  const escrowAndLedgerFailures = async () => {
    const results: Record<string, string[]> = {};
    for (const type of ['ledger', 'balances', 'escrow', 'wallets'] as const) {
      const result = await run(type);
      if (!result.ok) results[type] = result.rows;
    }
    return results;
  };

  it('a refund or an expiry that takes another fan’s escrow money (issue 26, defect 1) fails the escrow check, naming the journal', async () => {
    const artist = await makeCatalogueArtist(sql, 'Shared Escrow');
    const [fanA, fanB] = [await fanClosedInto(artist.id, 400), await fanClosedInto(artist.id, 841)];
    expect(await escrowAndLedgerFailures()).toEqual({});
    const ledger = new Ledger(platform.api.get(Database));
    const escrow = accounts.artistEscrow(artist.id);
    for (const kind of ['refund', 'escrow_expired'] as const) {
      // The defect: a journal about fan A takes fan B's money (the escrow holds it, so the books balance).
      const { journalId } = await ledger.post({
        kind,
        idempotencyKey: `defect:${kind}:${fanA}`,
        occurredAt: new Date(),
        references: { fanId: fanA },
        postings: [{ account: escrow, amountCents: -841, fanId: fanB }, { account: accounts.stripeClearing, amountCents: 841 }],
      });
      const failed = await escrowAndLedgerFailures();
      expect(Object.keys(failed)).toEqual(['escrow']);
      expect(failed.escrow).toEqual([`${kind} journal ${journalId} names fan ${fanA} but moves -841 cents of fan ${fanB}'s money on ${escrow}`]);
      await undo(journalId);
      expect(await escrowAndLedgerFailures()).toEqual({});
    }
  });

  it('a release that names no fan, or a fan taken below zero, fails the escrow check (and the ledger’s own escrow invariant)', async () => {
    const artist = await makeCatalogueArtist(sql, 'Unnamed Release');
    const fanA = await fanClosedInto(artist.id, 300);
    await fanClosedInto(artist.id, 200);
    const escrow = accounts.artistEscrow(artist.id);
    const office = randomUUID();
    const release = randomUUID();
    // The release as it was before escrow was per fan: the whole escrow out, no fan named.
    await behindTheBack(`
      insert into ledger.accounts (code, kind, owner_id, allow_negative) values ('office_earnings:${office}', 'office_earnings', '${office}', false);
      insert into ledger.journals (id, kind, idempotency_key, occurred_at) values ('${release}', 'escrow_released', 'fault:${release}', now());
      insert into ledger.postings (journal_id, account, amount_cents) values ('${release}', '${escrow}', -500), ('${release}', 'office_earnings:${office}', 500);
      update ledger.accounts set balance_cents = balance_cents - 500 where code = '${escrow}';
      update ledger.accounts set balance_cents = balance_cents + 500 where code = 'office_earnings:${office}'`);
    let failed = await escrowAndLedgerFailures();
    expect(Object.keys(failed)).toEqual(['escrow']);
    expect(failed.escrow).toEqual([
      `${escrow}: in 500 cents from the pies, out 0, so 500 should be there; the balance is 0`,
      `journal ${release} moves -500 cents on ${escrow}, its escrow lines 0`,
    ]);
    // Lines that add up, but take 500 from A, who held 300 (B's 200 is still counted as B's).
    await behindTheBack(`insert into ledger.escrow_lines (journal_id, account, fan_id, amount_cents) values ('${release}', '${escrow}', '${fanA}', -500)`);
    failed = await escrowAndLedgerFailures();
    expect(Object.keys(failed)).toEqual(['escrow']);
    expect(failed.escrow).toEqual([`${escrow}: fan ${fanA} holds -200 cents (below zero)`, `${escrow}: fan ${fanA} holds -200 cents by the lines, 300 by the cached holdings`]);
    const report = await new Ledger(platform.api.get(Database)).checkInvariants();
    expect(report.results.filter((result) => !result.ok).map((result) => result.violations)).toEqual([
      [`${escrow}: balance 0, its fans' lines 0, cached holdings 500, 1 fan(s) below zero, 1 cached holding(s) off`],
    ]);
    await behindTheBack(`
      delete from ledger.escrow_lines where journal_id = '${release}';
      update ledger.accounts set balance_cents = balance_cents + 500 where code = '${escrow}';
      delete from ledger.postings where journal_id = '${release}'; delete from ledger.journals where id = '${release}';
      delete from ledger.accounts where code = 'office_earnings:${office}'`);
    expect(await escrowAndLedgerFailures()).toEqual({});
  });

  it('passes after a release, a refund out of escrow, a won dispute and an expiry, as the real flows post them', async () => {
    const artist = await makeCatalogueArtist(sql, 'Busy Escrow');
    const [fanA, fanB] = [await fanClosedInto(artist.id, 600), await fanClosedInto(artist.id, 400)];
    const ledger = new Ledger(platform.api.get(Database));
    const escrow = accounts.artistEscrow(artist.id);
    // Billing's refund of A (wallet empty: from A's own holding), a dispute of B and its win.
    await ledger.post({ kind: 'refund', idempotencyKey: `refund:re_${fanA}`, occurredAt: new Date(), references: { fanId: fanA }, postings: [{ account: escrow, amountCents: -250, fanId: fanA }, { account: accounts.stripeClearing, amountCents: 250 }] });
    const dispute = [{ account: escrow, amountCents: -400, fanId: fanB }, { account: accounts.stripeClearing, amountCents: 1900 }, { account: accounts.refunds, amountCents: -1500 }];
    await ledger.post({ kind: 'dispute', idempotencyKey: `dispute:dp_${fanB}`, occurredAt: new Date(), references: { fanId: fanB }, postings: dispute });
    await ledger.post({ kind: 'dispute_won', idempotencyKey: `dispute_won:dp_${fanB}`, occurredAt: new Date(), references: { fanId: fanB }, postings: dispute.map((leg) => ({ ...leg, amountCents: -leg.amountCents })) });
    expect(await escrowAndLedgerFailures()).toEqual({});
    // Nobody claimed it: everything waited "a year" by this cut-off and goes back to its own fan.
    const returned = await platform.api.get(Database).transaction((tx) => expireEscrowOf(tx, artist.id, new Date(Date.now() + DAY)));
    expect(Object.fromEntries(returned.map((r) => [r.fanId, r.amountCents]))).toEqual({ [fanA]: 350, [fanB]: 400 });
    expect(await escrowAndLedgerFailures()).toEqual({});
  });
});
