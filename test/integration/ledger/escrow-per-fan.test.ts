import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, artistEscrows, creditWhereabouts, debitOrigins, escrowAttributionViolations, escrowFanMovements, escrowHoldingsByFan, fanEscrowHoldings, fanEscrowTotal, fanHoldingsBefore, InsufficientBalanceError, Ledger, postJournals } from '#pie/ledger';
import { InvalidJournalError } from '#pie/ledger/testing';
import { PayoutsFacade } from '#pie/payouts';
import { expireEscrowOf, releaseEscrow } from '#pie/payouts/testing';
import { Database } from '#pie/platform';
import { makeCatalogueArtist, officeAdmin } from '../claims/artist-area-fixtures.js';
import { enableStripe, verifyClaim } from '../payouts/payouts-fixtures.js';
import { TestPlatform } from '../../support/test-platform.js';
import { logIn, makeAccount } from '../../support/accounts.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';
import { TEST_JOURNAL_KINDS } from '#pie/ledger/testing';

// Issue 26, defect 1: whose money an escrow holds. A share released to an office is that fan's
// money leaving; a refund, a dispute or an expiry takes only the money of the fan it is about.

const DAY = 86_400_000;

let platform: TestPlatform;
let sql: Sql;
let database: Database;
let ledger: Ledger;

beforeAll(async () => {
  platform = await TestPlatform.start({ label: 'escrow-per-fan', stripe: true });
  sql = openSql(platform.database.url);
  database = platform.api.get(Database);
  ledger = new Ledger(database);
});
afterAll(async () => {
  await sql?.close();
  await platform?.close();
}, 180_000);

async function payingFan(): Promise<{ id: string; cookies: Record<string, string> }> {
  const account = await makeAccount(sql, 'fan');
  const { cookies } = await logIn(platform, account);
  const checkout = await platform.request('POST', '/api/stripe/createCheckout', { cookies, body: { amount: '10.00', pieDays: 30, artistLimit: 15, artistPopularity: 40, excludeNonActive: true } });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  await platform.stripeControl.payCheckoutSession(checkout.body.data.sessionId, '4242424242424242');
  await eventually('the wallet credit', async () => (await ledger.balanceOf(accounts.fanWallet(account.id))) === 841);
  return { id: account.id, cookies };
}

/** A pie close of the fan's whole wallet into one artist's escrow, as the close posts it. */
async function closeInto(fanId: string, artistId: string, cents: number, occurredAt = new Date()): Promise<string> {
  const { journalId } = await ledger.post({
    kind: 'pie_period_closed',
    idempotencyKey: `test-close:${fanId}:${artistId}:${occurredAt.getTime()}`,
    occurredAt,
    references: { fanId, piePeriodId: randomUUID() },
    postings: [
      { account: accounts.fanWallet(fanId), amountCents: -cents },
      { account: accounts.artistEscrow(artistId), amountCents: cents, fanId },
    ],
  });
  return journalId;
}

/** An artist claimed by an office whose Stripe account is enabled (a release goes through). */
async function claimedArtist(name: string) {
  const admin = await officeAdmin(platform, sql, `${name} Office`);
  const artist = await makeCatalogueArtist(sql, name);
  await verifyClaim(platform, admin, artist);
  await enableStripe(platform, sql, admin);
  return { admin, artist };
}

const postingsOf = async (key: string) =>
  Object.fromEntries(
    (await sql.query<{ account: string; amount_cents: string }>(`select p.account, p.amount_cents from ledger.postings p join ledger.journals j on j.id = p.journal_id where j.idempotency_key = $1`, [key])).map(
      (row) => [row.account, Number(row.amount_cents)],
    ),
  );

describe('escrow is held per fan', () => {
  it('a refund after the fan’s share was released takes none of another fan’s escrow: the whole charge is the platform’s loss', async () => {
    const { admin, artist } = await claimedArtist('Released Then Orphaned');
    const escrow = accounts.artistEscrow(artist.id);
    const fanA = await payingFan();
    const closeA = await closeInto(fanA.id, artist.id, 841);
    await database.transaction((tx) => releaseEscrow(tx, artist.id));
    expect(await ledger.balanceOf(accounts.officeEarnings(admin.officeId))).toBeGreaterThanOrEqual(0);
    expect(await ledger.balanceOf(escrow)).toBe(0);

    // The office is disconnected: B's share now waits in the same escrow.
    await platform.api.get(PayoutsFacade).disconnectOffice(admin.officeId, randomUUID());
    const fanB = await payingFan();
    const closeB = await closeInto(fanB.id, artist.id, 841);
    expect(await database.transaction((tx) => releaseEscrow(tx, artist.id))).toBeNull();
    expect(await escrowHoldingsByFan(database.em(), artist.id)).toEqual(new Map([[fanB.id, 841]]));

    const charge = await eventually('A’s charge', async () => (await sql.query<{ charge_id: string }>(`select charge_id from billing.invoices where fan_id = $1`, [fanA.id]))[0]?.charge_id);
    await platform.stripeControl.refundCharge(charge);
    const refund = await eventually('the refund journal', async () => (await sql.query<{ idempotency_key: string }>(`select idempotency_key from ledger.journals where kind = 'refund' and "references"->>'fanId' = $1`, [fanA.id]))[0]);
    expect(await postingsOf(refund.idempotency_key)).toEqual({ [accounts.stripeClearing]: 1000, [accounts.refunds]: -1000 });
    expect(await ledger.balanceOf(escrow)).toBe(841);
    expect(await escrowHoldingsByFan(database.em(), artist.id)).toEqual(new Map([[fanB.id, 841]]));

    // Where each fan's share is now follows their own money; B's wallet page says it waits in escrow.
    const [a] = await creditWhereabouts(database.em(), fanA.id, closeA);
    expect([a.heldCents, Object.fromEntries(a.takenBy)]).toEqual([0, { escrow_released: 841 }]);
    const [b] = await creditWhereabouts(database.em(), fanB.id, closeB);
    expect([b.heldCents, b.takenBy.size]).toEqual([841, 0]);
    const summary = async (fan: { cookies: Record<string, string> }) => (await platform.request('GET', '/api/fan-wallet/summary', { cookies: fan.cookies })).body.data;
    expect((await summary(fanB)).waitingInEscrowCents).toBe(841);
    expect((await summary(fanA)).waitingInEscrowCents).toBe(0);

    const report = await ledger.checkInvariants();
    expect(report.results.filter((result) => !result.ok)).toEqual([]);
  });

  it('expiry returns to each fan only their own money that waited a year: {D: 300}, not a share of it to C', async () => {
    const artist = await makeCatalogueArtist(sql, 'Claim Removed');
    const admin = await officeAdmin(platform, sql, 'Leaving Office');
    await verifyClaim(platform, admin, artist);
    await enableStripe(platform, sql, admin);
    const [fanC, fanD] = [await makeAccount(sql, 'fan'), await makeAccount(sql, 'fan')];
    const old = new Date(Date.now() - 400 * DAY);
    for (const fan of [fanC, fanD]) {
      await ledger.post({
        kind: TEST_JOURNAL_KINDS.funding,
        idempotencyKey: `test_funding:${fan.id}`,
        occurredAt: old,
        references: { fanId: fan.id },
        postings: [{ account: accounts.stripeClearing, amountCents: -1000 }, { account: accounts.fanWallet(fan.id), amountCents: 1000 }],
      });
    }
    await closeInto(fanC.id, artist.id, 188, old);
    await database.transaction((tx) => releaseEscrow(tx, artist.id));
    const removed = await platform.request('PATCH', `/api/for-artists/offices/${admin.officeId}/claimed-artists/${artist.id}`, { cookies: admin.cookies, body: { status: 'Deleted' } });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    await closeInto(fanD.id, artist.id, 300, new Date(old.getTime() + DAY));

    const returned = await database.transaction((tx) => expireEscrowOf(tx, artist.id, new Date(Date.now() - 365 * DAY)));
    expect(Object.fromEntries(returned.map((r) => [r.fanId, r.amountCents]))).toEqual({ [fanD.id]: 300 });
    expect(await ledger.balanceOf(accounts.artistEscrow(artist.id))).toBe(0);
    expect(await ledger.balanceOf(accounts.fanWallet(fanC.id))).toBe(812);
  });

  it('a fan’s money leaves an escrow oldest first: only the part that came in before the cut-off expires', async () => {
    const artist = await makeCatalogueArtist(sql, 'Old And New');
    const fan = await makeAccount(sql, 'fan');
    await ledger.post({
      kind: TEST_JOURNAL_KINDS.funding,
      idempotencyKey: `test_funding:${fan.id}`,
      occurredAt: new Date(Date.now() - 500 * DAY),
      references: { fanId: fan.id },
      postings: [{ account: accounts.stripeClearing, amountCents: -1000 }, { account: accounts.fanWallet(fan.id), amountCents: 1000 }],
    });
    await closeInto(fan.id, artist.id, 400, new Date(Date.now() - 400 * DAY));
    await closeInto(fan.id, artist.id, 250, new Date(Date.now() - 10 * DAY));
    // A refund took 500 of the fan's 650 there: the oldest 400, then 100 of the new 250.
    await ledger.post({
      kind: 'refund',
      idempotencyKey: `test-refund:${fan.id}`,
      occurredAt: new Date(),
      references: { fanId: fan.id },
      postings: [{ account: accounts.artistEscrow(artist.id), amountCents: -500, fanId: fan.id }, { account: accounts.stripeClearing, amountCents: 500 }],
    });
    expect(await database.transaction((tx) => expireEscrowOf(tx, artist.id, new Date(Date.now() - 365 * DAY)))).toEqual([]);
    expect(await escrowHoldingsByFan(database.em(), artist.id)).toEqual(new Map([[fan.id, 150]]));
  });

  it('the ledger refuses an escrow posting that names no fan, or takes more of a fan’s money than they hold there', async () => {
    const artistId = randomUUID();
    const [fanX, fanY] = [randomUUID(), randomUUID()];
    const escrow = accounts.artistEscrow(artistId);
    await ledger.post({ kind: TEST_JOURNAL_KINDS.funding, idempotencyKey: `fund:${fanX}`, occurredAt: new Date(), postings: [{ account: accounts.stripeClearing, amountCents: -500 }, { account: escrow, amountCents: 500, fanId: fanX }] });
    await expect(ledger.post({ kind: 'escrow_released', idempotencyKey: `rel:${artistId}`, occurredAt: new Date(), postings: [{ account: escrow, amountCents: -500 }, { account: accounts.refunds, amountCents: 500 }] })).rejects.toThrow(InvalidJournalError);
    // Y holds nothing there, though the escrow holds 500 (X's).
    await expect(ledger.post({ kind: 'refund', idempotencyKey: `ref:${fanY}`, occurredAt: new Date(), references: { fanId: fanY }, postings: [{ account: escrow, amountCents: -300, fanId: fanY }, { account: accounts.stripeClearing, amountCents: 300 }] })).rejects.toThrow(InsufficientBalanceError);
    // A line that does not add up to its posting (written around the facade) does not commit.
    await expect(
      database.transaction(async (tx) => {
        const [journal] = await tx.execute<{ id: string }[]>(`insert into ledger.journals (kind, idempotency_key, occurred_at) values ('bug', ?, now()) returning id`, [`bug:${artistId}`]);
        await tx.execute(`insert into ledger.postings (journal_id, account, amount_cents) values (?, ?, -500), (?, 'stripe_clearing', 500)`, [journal.id, escrow, journal.id]);
        await tx.execute(`insert into ledger.escrow_lines (journal_id, account, fan_id, amount_cents) values (?, ?, ?, -200)`, [journal.id, escrow, fanX]);
      }),
    ).rejects.toThrow(/escrow lines/);
    expect(await escrowHoldingsByFan(database.em(), artistId)).toEqual(new Map([[fanX, 500]]));
  });
});

describe('single-fan journals: their escrow postings are their fan’s lines', () => {
  const linesOf = async (journalId: string) => Number(await sql.value<string>(`select count(*) from ledger.escrow_lines where journal_id = $1`, [journalId]));
  const escrowFanOf = async (journalId: string) => sql.value<string | null>(`select escrow_fan_id::text from ledger.journals where id = $1`, [journalId]);

  it('a close writes no escrow lines, yet the fan’s holdings and every read are right; a release of several fans keeps its lines', async () => {
    const [artistA, artistB] = [randomUUID(), randomUUID()];
    const [escrowA, escrowB] = [accounts.artistEscrow(artistA), accounts.artistEscrow(artistB)];
    const [fanX, fanY] = [randomUUID(), randomUUID()];
    const office = randomUUID();
    const longAgo = new Date(Date.now() - 400 * DAY);
    // X's close through the batch path (the period close's), Y's through post(): both single-fan.
    const [closeX] = await database.transaction((tx) =>
      postJournals(tx, [
        {
          kind: 'pie_period_closed',
          idempotencyKey: `single-fan-close:${fanX}`,
          occurredAt: longAgo,
          references: { fanId: fanX },
          postings: [
            { account: accounts.stripeClearing, amountCents: -500 },
            { account: escrowA, amountCents: 300, fanId: fanX },
            { account: escrowB, amountCents: 200, fanId: fanX },
          ],
        },
      ]),
    );
    const { journalId: closeY } = await ledger.post({
      kind: 'pie_period_closed',
      idempotencyKey: `single-fan-close:${fanY}`,
      occurredAt: new Date(),
      references: { fanId: fanY },
      postings: [{ account: accounts.stripeClearing, amountCents: -100 }, { account: escrowA, amountCents: 100, fanId: fanY }],
    });
    for (const [journalId, fanId] of [[closeX.journalId, fanX], [closeY, fanY]]) {
      expect(await linesOf(journalId)).toBe(0);
      expect(await escrowFanOf(journalId)).toBe(fanId);
    }
    expect(await escrowHoldingsByFan(database.em(), artistA)).toEqual(new Map([[fanX, 300], [fanY, 100]]));
    expect(await fanEscrowHoldings(database.em(), fanX)).toEqual(new Map([[escrowA, 300], [escrowB, 200]]));
    expect(await fanEscrowTotal(database.em(), fanX)).toBe(500);
    expect(await artistEscrows(database.em(), [artistA, artistB])).toEqual(new Map([[artistA, { heldCents: 400, fans: 2 }], [artistB, { heldCents: 200, fans: 1 }]]));
    expect(await fanHoldingsBefore(database.em(), escrowA, new Date(Date.now() - DAY))).toEqual(new Map([[fanX, 300]]));
    const whereabouts = async () => new Map((await creditWhereabouts(database.em(), fanX, closeX.journalId)).map((credit) => [credit.account, credit]));
    expect(await whereabouts()).toEqual(
      new Map([
        [escrowA, { account: escrowA, creditedCents: 300, heldCents: 300, takenBy: new Map() }],
        [escrowB, { account: escrowB, creditedCents: 200, heldCents: 200, takenBy: new Map() }],
      ]),
    );
    // Posting the same key again compares the stored postings, the fan's part included.
    expect(
      await ledger.post({
        kind: 'pie_period_closed',
        idempotencyKey: `single-fan-close:${fanY}`,
        occurredAt: new Date(),
        references: { fanId: fanY },
        postings: [{ account: accounts.stripeClearing, amountCents: -100 }, { account: escrowA, amountCents: 100, fanId: fanY }],
      }),
    ).toEqual({ journalId: closeY, created: false });

    // A release of both fans' money from A: several fans, so one line each.
    const { journalId: release } = await ledger.post({
      kind: 'escrow_released',
      idempotencyKey: `single-fan-release:${artistA}`,
      occurredAt: new Date(),
      postings: [
        { account: escrowA, amountCents: -300, fanId: fanX },
        { account: escrowA, amountCents: -100, fanId: fanY },
        { account: accounts.officeEarnings(office), amountCents: 400 },
      ],
    });
    expect(await linesOf(release)).toBe(2);
    expect(await escrowFanOf(release)).toBeNull();
    // A refund of X out of B: one fan's money, so no line.
    const { journalId: refund } = await ledger.post({
      kind: 'refund',
      idempotencyKey: `single-fan-refund:${fanX}`,
      occurredAt: new Date(),
      references: { fanId: fanX },
      postings: [{ account: escrowB, amountCents: -150, fanId: fanX }, { account: accounts.stripeClearing, amountCents: 150 }],
    });
    expect(await linesOf(refund)).toBe(0);

    expect(await escrowHoldingsByFan(database.em(), artistA)).toEqual(new Map());
    expect(await fanEscrowHoldings(database.em(), fanX)).toEqual(new Map([[escrowB, 50]]));
    const origins = await debitOrigins(database.em(), release, escrowA);
    expect(origins.map(({ fanId, creditJournalId, cents }) => ({ fanId, creditJournalId, cents })).sort((a, b) => a.cents - b.cents)).toEqual([
      { fanId: fanY, creditJournalId: closeY, cents: 100 },
      { fanId: fanX, creditJournalId: closeX.journalId, cents: 300 },
    ]);
    expect(await whereabouts()).toEqual(
      new Map([
        [escrowA, { account: escrowA, creditedCents: 300, heldCents: 0, takenBy: new Map([['escrow_released', 300]]) }],
        [escrowB, { account: escrowB, creditedCents: 200, heldCents: 50, takenBy: new Map([['refund', 150]]) }],
      ]),
    );
    const movements = (await escrowFanMovements(database.em())).filter((movement) => movement.artistId === artistA || movement.artistId === artistB);
    expect(movements.map(({ artistId, fanId, byKind, linesCents, heldCents }) => ({ artistId, fanId, byKind: Object.fromEntries(byKind), linesCents, heldCents }))).toEqual(
      expect.arrayContaining([
        { artistId: artistA, fanId: fanX, byKind: { pie_period_closed: 300, escrow_released: -300 }, linesCents: 0, heldCents: 0 },
        { artistId: artistA, fanId: fanY, byKind: { pie_period_closed: 100, escrow_released: -100 }, linesCents: 0, heldCents: 0 },
        { artistId: artistB, fanId: fanX, byKind: { pie_period_closed: 200, refund: -150 }, linesCents: 50, heldCents: 50 },
      ]),
    );
    expect(movements).toHaveLength(3);
    expect(await escrowAttributionViolations(database.em())).toEqual([]);
    const report = await ledger.checkInvariants();
    expect(report.results.filter((result) => !result.ok)).toEqual([]);
  });

  it('the database refuses lines on a single-fan journal, an escrow posting nobody is named for, and a fan taken below what they hold', async () => {
    const artistId = randomUUID();
    const escrow = accounts.artistEscrow(artistId);
    const [fanX, fanY] = [randomUUID(), randomUUID()];
    const { journalId: close } = await ledger.post({
      kind: 'pie_period_closed',
      idempotencyKey: `refusals-close:${fanX}`,
      occurredAt: new Date(),
      references: { fanId: fanX },
      postings: [{ account: accounts.stripeClearing, amountCents: -500 }, { account: escrow, amountCents: 500, fanId: fanX }],
    });
    const journal = (tx: Parameters<Parameters<Database['transaction']>[0]>[0], fanId: string | null) =>
      tx.execute<{ id: string }[]>(`insert into ledger.journals (kind, idempotency_key, occurred_at, escrow_fan_id) values ('bug', ?, now(), ?) returning id`, [`bug:${randomUUID()}`, fanId]);
    // Lines on a journal that names its one fan: two attributions of one posting.
    await expect(
      database.transaction(async (tx) => {
        const [bug] = await journal(tx, fanX);
        await tx.execute(`insert into ledger.postings (journal_id, account, amount_cents) values (?, ?, -200), (?, 'stripe_clearing', 200)`, [bug.id, escrow, bug.id]);
        await tx.execute(`insert into ledger.escrow_lines (journal_id, account, fan_id, amount_cents) values (?, ?, ?, -200)`, [bug.id, escrow, fanX]);
      }),
    ).rejects.toThrow(/takes no escrow lines/);
    // An escrow posting whose journal names no fan and has no lines: nobody's money.
    await expect(
      database.transaction(async (tx) => {
        const [bug] = await journal(tx, null);
        await tx.execute(`insert into ledger.postings (journal_id, account, amount_cents) values (?, ?, -200), (?, 'stripe_clearing', 200)`, [bug.id, escrow, bug.id]);
      }),
    ).rejects.toThrow(/escrow lines say whose money 0 cents are/);
    // A journal naming Y, who holds nothing there, taking escrow money (X's): refused, as through the facade.
    await expect(
      database.transaction(async (tx) => {
        const [bug] = await journal(tx, fanY);
        await tx.execute(`insert into ledger.postings (journal_id, account, amount_cents) values (?, ?, -200), (?, 'stripe_clearing', 200)`, [bug.id, escrow, bug.id]);
      }),
    ).rejects.toThrow(/escrow_holdings_not_negative|does not hold/);
    await expect(
      ledger.post({ kind: 'refund', idempotencyKey: `refusals-refund:${fanX}`, occurredAt: new Date(), references: { fanId: fanX }, postings: [{ account: escrow, amountCents: -501, fanId: fanX }, { account: accounts.stripeClearing, amountCents: 501 }] }),
    ).rejects.toThrow(InsufficientBalanceError);
    // Who a journal's escrow money belongs to is as append-only as the journal.
    await expect(sql.query(`update ledger.journals set escrow_fan_id = $1 where id = $2`, [fanY, close])).rejects.toThrow();
    expect(await escrowHoldingsByFan(database.em(), artistId)).toEqual(new Map([[fanX, 500]]));
    expect(await escrowAttributionViolations(database.em())).toEqual([]);
  });
  it('a holding is only ever of an escrow account that exists: a close into a missing escrow is refused with its holding, a holding on a wallet is refused', async () => {
    // The holdings have no foreign key to the accounts (it cost a lookup per new holding): the
    // postings' balances trigger, which fires after the holdings trigger in the same statement,
    // refuses the account that does not exist, and the holding goes with the statement.
    const fan = randomUUID();
    const ghost = accounts.artistEscrow(randomUUID());
    await expect(
      database.transaction(async (tx) => {
        const [bug] = await tx.execute<{ id: string }[]>(`insert into ledger.journals (kind, idempotency_key, occurred_at, escrow_fan_id) values ('bug', ?, now(), ?) returning id`, [`bug:${randomUUID()}`, fan]);
        await tx.execute(`insert into ledger.postings (journal_id, account, amount_cents) values (?, 'stripe_clearing', -200), (?, ?, 200)`, [bug.id, bug.id, ghost]);
      }),
    ).rejects.toThrow(new RegExp(`names account "${ghost}", which does not exist`));
    expect(await sql.value(`select count(*) from ledger.escrow_holdings where account = $1 or fan_id = $2`, [ghost, fan])).toBe('0');
    await expect(sql.query(`insert into ledger.escrow_holdings (fan_id, account, balance_cents) values ($1, $2, 100)`, [fan, accounts.fanWallet(fan)])).rejects.toThrow(/escrow_holdings_on_escrow/);
  });
});
