import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, Ledger } from '#pie/ledger';
import { Database, QueueRegistry } from '#pie/platform';
import { closeJournalKey, closePiePeriod, closePiePeriods, EarlierPeriodOpenError, openPeriod, PERIOD_CLOSED_SUBJECT, PERIOD_NOTHING_TO_SPLIT_SUBJECT, PERIOD_ROLLED_OVER_SUBJECT, SchedulePeriodCloses } from '#pie/pies/testing';
import { makeAccount, type TestAccount } from '../../support/accounts.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { makeArtist, makeTrack, seedPlays, type CatalogueTrack } from '../listening/listening-fixtures.js';
import { DAY, fundWallet, makePie } from './pies-fixtures.js';

/**
 * The period close (DESIGN §5–6): one journal equal to the snapshot, idempotent, one journal when
 * two workers race, rolled over without listening, and the whole path through the worker: the
 * scheduler queues the close, the job posts, the event e-mails the fan.
 */
describe('pies: closing a period', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let database: Database;
  let ledger: Ledger;
  let artists: string[];
  let tracks: CatalogueTrack[];
  const periodEnd = new Date(Date.now() - DAY);
  const periodStart = new Date(periodEnd.getTime() - 30 * DAY);

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'pies-close' });
    sql = openSql(platform.database.url);
    database = platform.api.get(Database);
    ledger = new Ledger(database);
    artists = [];
    for (const [index, popularity] of [80, 40, 10, 60].entries()) artists.push(await makeArtist(sql, { name: `Close Artist ${index}`, popularity }));
    tracks = [];
    for (const artistId of artists) tracks.push(await makeTrack(sql, [artistId]));
    // A duet credits artists 0 and 3: its time is divided between them.
    tracks.push(await makeTrack(sql, [artists[0], artists[3]]));
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  /** A fan with a pie whose period ended yesterday, listening inside (and outside) the window, and money. */
  async function fanWithEndedPeriod(options: { listen?: boolean; walletCents?: number } = {}): Promise<{ fan: TestAccount; pieId: string; periodId: string }> {
    const fan = await makeAccount(sql, 'fan');
    const { pieId, periodId } = await makePie(platform, fan.id, { startsAt: periodStart, endsAt: periodEnd, settings: { artistLimit: 3 } });
    if (options.listen !== false) {
      const inWindow = (days: number) => new Date(periodStart.getTime() + days * DAY);
      await seedPlays(platform, fan.id, [
        { track: tracks[0], at: inWindow(1), ms: 300_000 },
        { track: tracks[1], at: inWindow(2), ms: 200_000 },
        { track: tracks[2], at: inWindow(3), ms: 100_000 },
        { track: tracks[3], at: inWindow(4), ms: 40_000 },
        { track: tracks[4], at: inWindow(5), ms: 100_000 },
        // After the period: must not count.
        { track: tracks[3], at: new Date(periodEnd.getTime() + 3_600_000), ms: 9_000_000 },
      ]);
    }
    if (options.walletCents) await fundWallet(platform, fan.id, options.walletCents, new Date(periodStart.getTime() + 1000));
    return { fan, pieId, periodId };
  }

  const journalsOf = (periodId: string) =>
    sql.query<{ id: string; account: string; amount_cents: string }>(
      `select j.id, p.account, p.amount_cents from ledger.journals j join ledger.postings p on p.journal_id = j.id where j.idempotency_key = $1 order by p.account`,
      [closeJournalKey(periodId)],
    );

  it('posts one journal fan wallet → each artist’s escrow whose postings equal the snapshot, the money of the next period left alone', async () => {
    const { fan, periodId } = await fanWithEndedPeriod({ walletCents: 1001 });
    // The next period's invoice, paid as this one ended: it stays for the next close.
    await fundWallet(platform, fan.id, 900, periodEnd);
    const outcome = await database.transaction((tx) => closePiePeriod(tx, periodId));
    expect(outcome).toMatchObject({ status: 'closed', distributedCents: 1001, artistCount: 3, rolledOver: false });

    const snapshot = await sql.query<{ artist_id: string; artist_name: string; popularity: number; active: boolean; selected: boolean; reason: string | null; share_cents: string; listened_ms: string }>(
      `select artist_id, artist_name, popularity, active, selected, reason, share_cents, listened_ms from pies.period_artists where period_id = $1`,
      [periodId],
    );
    // All four artists considered; artist 3 (40 s + half the duet = 90 s) is the one over the limit of 3.
    expect(snapshot).toHaveLength(4);
    // Each line carries its own artist's name, popularity and flag as they were at the close.
    expect(Object.fromEntries(snapshot.map((row) => [row.artist_id, [row.artist_name, row.popularity, row.active]]))).toEqual(
      Object.fromEntries([80, 40, 10, 60].map((popularity, index) => [artists[index], [`Close Artist ${index}`, popularity, true]])),
    );
    const byArtist = Object.fromEntries(snapshot.map((row) => [row.artist_id, row]));
    expect(byArtist[artists[3]]).toMatchObject({ selected: false, reason: 'over_limit', share_cents: '0' });
    expect(Number(byArtist[artists[0]].listened_ms)).toBe(350_000);
    const paid = snapshot.filter((row) => Number(row.share_cents) > 0);
    expect(paid.reduce((sum, row) => sum + Number(row.share_cents), 0)).toBe(1001);
    // 350 : 200 : 100 of 1001 cents → 539, 308, 154 (largest remainder).
    expect(paid.map((row) => [row.artist_id, Number(row.share_cents)]).sort()).toEqual(
      [[artists[0], 539], [artists[1], 308], [artists[2], 154]].sort(),
    );

    const postings = await journalsOf(periodId);
    expect(new Set(postings.map((p) => p.id)).size).toBe(1);
    expect(Object.fromEntries(postings.map((p) => [p.account, Number(p.amount_cents)]))).toEqual({
      [accounts.fanWallet(fan.id)]: -1001,
      ...Object.fromEntries(paid.map((row) => [accounts.artistEscrow(row.artist_id), Number(row.share_cents)])),
    });
    expect(await ledger.balanceOf(accounts.fanWallet(fan.id))).toBe(900);
    const [period] = await sql.query<{ state: string; journal_id: string; split_cents: string; distributed_cents: string }>(`select * from pies.periods where id = $1`, [periodId]);
    expect(period).toMatchObject({ state: 'closed', journal_id: postings[0].id, split_cents: '1001', distributed_cents: '1001' });
  });

  it('changes nothing when the same period is closed again', async () => {
    const { fan, periodId } = await fanWithEndedPeriod({ walletCents: 500 });
    await database.transaction((tx) => closePiePeriod(tx, periodId));
    const before = { postings: await journalsOf(periodId), snapshot: await sql.query(`select * from pies.period_artists where period_id = $1 order by artist_id`, [periodId]) };
    await fundWallet(platform, fan.id, 300, new Date(periodStart.getTime() + 2000));
    const again = await database.transaction((tx) => closePiePeriod(tx, periodId));
    expect(again.status).toBe('already-closed');
    expect(await journalsOf(periodId)).toEqual(before.postings);
    expect(await sql.query(`select * from pies.period_artists where period_id = $1 order by artist_id`, [periodId])).toEqual(before.snapshot);
    expect(await ledger.balanceOf(accounts.fanWallet(fan.id))).toBe(300);
  });

  it('makes one journal when two workers close the same period at once', async () => {
    const { fan, periodId } = await fanWithEndedPeriod({ walletCents: 777 });
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => database.transaction((tx) => closePiePeriod(tx, periodId))),
    );
    expect(outcomes.filter((o) => o.status === 'closed')).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'already-closed')).toHaveLength(3);
    expect(new Set((await journalsOf(periodId)).map((p) => p.id)).size).toBe(1);
    expect(await ledger.balanceOf(accounts.fanWallet(fan.id))).toBe(0);
    const [{ n }] = await sql.query<{ n: string }>(`select count(*) as n from pies.period_artists where period_id = $1`, [periodId]);
    expect(Number(n)).toBe(4);
  });

  it('leaves nothing behind when the close fails half way, and closes fully on the retry', async () => {
    const { fan, periodId } = await fanWithEndedPeriod({ walletCents: 400 });
    // The transaction dies after the journal is written (as a killed worker's would never commit).
    await expect(
      database.transaction(async (tx) => {
        await closePiePeriod(tx, periodId);
        throw new Error('worker killed');
      }),
    ).rejects.toThrow('worker killed');
    expect(await journalsOf(periodId)).toEqual([]);
    expect(await sql.query(`select 1 from pies.period_artists where period_id = $1`, [periodId])).toEqual([]);
    expect(await ledger.balanceOf(accounts.fanWallet(fan.id))).toBe(400);
    const retry = await database.transaction((tx) => closePiePeriod(tx, periodId));
    expect(retry).toMatchObject({ status: 'closed', distributedCents: 400 });
  });

  it('rolls the money over when the fan did not listen, and the next period splits it', async () => {
    const { fan, pieId, periodId } = await fanWithEndedPeriod({ listen: false, walletCents: 650 });
    const outcome = await database.transaction((tx) => closePiePeriod(tx, periodId));
    expect(outcome).toMatchObject({ status: 'closed', journalId: null, distributedCents: 0, rolledOver: true });
    expect(await journalsOf(periodId)).toEqual([]);
    expect(await ledger.balanceOf(accounts.fanWallet(fan.id))).toBe(650);

    // Next period: the fan listens; the close splits the rolled-over money with the new.
    const next = await database.transaction((tx) => openPeriod(tx, pieId, { startsAt: periodEnd, endsAt: new Date(periodEnd.getTime() + DAY / 2) }));
    await seedPlays(platform, fan.id, [{ track: tracks[1], at: new Date(periodEnd.getTime() + 60_000), ms: 120_000 }]);
    const second = await database.transaction((tx) => closePiePeriod(tx, next.periodId));
    expect(second).toMatchObject({ status: 'closed', distributedCents: 650, artistCount: 1 });
    expect(await ledger.balanceOf(accounts.artistEscrow(artists[1]))).toBeGreaterThanOrEqual(650);
  });

  it('closes a fan’s periods in order: a later one waits until the earlier has taken its money', async () => {
    const { fan, pieId, periodId } = await fanWithEndedPeriod({ walletCents: 500 });
    const later = await database.transaction((tx) => openPeriod(tx, pieId, { startsAt: periodEnd, endsAt: new Date(periodEnd.getTime() + DAY / 2) }));
    await fundWallet(platform, fan.id, 300, periodEnd);
    await seedPlays(platform, fan.id, [{ track: tracks[2], at: new Date(periodEnd.getTime() + 60_000), ms: 60_000 }]);
    await expect(database.transaction((tx) => closePiePeriod(tx, later.periodId))).rejects.toThrow(EarlierPeriodOpenError);
    expect(await journalsOf(later.periodId)).toEqual([]);
    expect(await database.transaction((tx) => closePiePeriod(tx, periodId))).toMatchObject({ distributedCents: 500 });
    // The later window holds this play and the long play made just after the first period.
    expect(await database.transaction((tx) => closePiePeriod(tx, later.periodId))).toMatchObject({ distributedCents: 300, artistCount: 2 });
  });

  it('closes many fans’ periods in one batch, each with its own journal, and leaves a later period of the same fan waiting', async () => {
    const fans = await Promise.all([500, 600, 700].map((walletCents) => fanWithEndedPeriod({ walletCents })));
    const later = await database.transaction((tx) => openPeriod(tx, fans[0].pieId, { startsAt: periodEnd, endsAt: new Date(periodEnd.getTime() + DAY / 2) }));
    const outcomes = await database.transaction((tx) => closePiePeriods(tx, [later.periodId, ...fans.map((f) => f.periodId), fans[1].periodId]));
    const byId = Object.fromEntries(outcomes.map((o) => [o.periodId, o]));
    expect(byId[later.periodId].status).toBe('waiting');
    expect(fans.map((f) => byId[f.periodId])).toMatchObject([500, 600, 700].map((distributedCents) => ({ status: 'closed', distributedCents, artistCount: 3 })));
    for (const f of fans) expect(new Set((await journalsOf(f.periodId)).map((p) => p.id)).size).toBe(1);
    expect((await database.transaction((tx) => closePiePeriods(tx, fans.map((f) => f.periodId)))).map((o) => o.status)).toEqual(['already-closed', 'already-closed', 'already-closed']);
  });

  it('does not close a period that has not ended', async () => {
    const fan = await makeAccount(sql, 'fan');
    const { periodId } = await makePie(platform, fan.id, { startsAt: new Date(Date.now() - DAY), endsAt: new Date(Date.now() + DAY) });
    expect((await database.transaction((tx) => closePiePeriod(tx, periodId))).status).toBe('not-due');
  });

  it('through the worker: the scheduler queues the close, the job posts it, the fan gets the summary e-mail or the roll-over notice', async () => {
    const paying = await fanWithEndedPeriod({ walletCents: 1234 });
    const silent = await fanWithEndedPeriod({ listen: false, walletCents: 99 });
    const unfunded = await fanWithEndedPeriod({ walletCents: 0 }); // listened; the charge was refunded
    await platform.api.get(QueueRegistry).get('pies').add(SchedulePeriodCloses.name, SchedulePeriodCloses.create({}));
    for (const { periodId } of [paying, silent, unfunded]) {
      await eventually(`period ${periodId} closed`, async () => {
        const [row] = await sql.query<{ state: string }>(`select state from pies.periods where id = $1`, [periodId]);
        return row?.state === 'closed';
      });
    }
    const summary = await platform.inbox.waitForMessage({ to: paying.fan.email, subjectIncludes: PERIOD_CLOSED_SUBJECT });
    expect(summary.text).toContain('$12.34 went to 3 artists');
    // Which period it was, its first and last day.
    const day = (at: Date) => at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    expect(summary.text).toContain(`Your pie period (${day(periodStart)} – ${day(new Date(periodEnd.getTime() - 1))}) closed`);
    expect(summary.text).toContain(`/my-pies/statements/${paying.periodId}`);
    const notice = await platform.inbox.waitForMessage({ to: silent.fan.email, subjectIncludes: PERIOD_ROLLED_OVER_SUBJECT });
    expect(notice.text).toContain('stays in your Pie wallet');
    expect(await ledger.balanceOf(accounts.fanWallet(silent.fan.id))).toBe(99);
    // Listened, but nothing to split: told so, not that there was no listening.
    const nothing = await platform.inbox.waitForMessage({ to: unfunded.fan.email, subjectIncludes: PERIOD_NOTHING_TO_SPLIT_SUBJECT });
    expect(nothing.text).toContain('nothing in your Pie wallet to split');
    expect(nothing.text).not.toContain('without any listening');
    const report = await ledger.checkInvariants();
    expect(report.results.filter((result) => !result.ok)).toEqual([]);
  });
});
