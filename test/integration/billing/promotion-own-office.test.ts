import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoPoolTopUp } from '#pie/billing/testing';
import { accounts, Ledger } from '#pie/ledger';
import { Database } from '#pie/platform';
import { closeJournalKey, closePiePeriod, createPie } from '#pie/pies/testing';
import { logIn, makeAccount, type TestAccount } from '../../support/accounts.js';
import { openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { makeCatalogueArtist, makeClaim, officeAdmin, type SignedInArtist } from '../claims/artist-area-fixtures.js';
import { makeTrack, seedPlays, type CatalogueTrack } from '../listening/listening-fixtures.js';
import { DAY, defaultSettings, fundWallet, makePie } from '../pies/pies-fixtures.js';

/*
 * Issue 27, finding 4: promotional money never reaches an artist claimed by an office the
 * promotion's own person belongs to (an artist account with the fan's address, or sharing a linked
 * provider account). The close leaves those artists out with the reason `own_office`; the others
 * share the whole amount; with nobody left the money stays, as with no listening.
 */

let platform: TestPlatform;
let sql: Sql;
let database: Database;
let ledger: Ledger;
let office: SignedInArtist & { officeId: string };
let ownTrack: CatalogueTrack;
let otherTrack: CatalogueTrack;
let ownArtistId: string;
let otherArtistId: string;
const periodEnd = new Date(Date.now() - DAY);
const periodStart = new Date(periodEnd.getTime() - 30 * DAY);

beforeAll(async () => {
  platform = await TestPlatform.start({ label: 'promotion-own-office', worker: false });
  sql = openSql(platform.database.url);
  database = platform.api.get(Database);
  ledger = new Ledger(database);
  await ledger.post(promoPoolTopUp({ amountCents: 10_000, idempotencyKey: 'own-office-top-up' }));
  office = await officeAdmin(platform, sql, 'Own Office');
  const [own, other] = [await makeCatalogueArtist(sql, 'Claimed By Own Office'), await makeCatalogueArtist(sql, 'Someone Else')];
  const claim = await makeClaim(platform, office, own.id);
  await sql.query(`update claims.claims set status = 'successful', verified_at = now() where id = $1`, [claim.id]);
  [ownArtistId, otherArtistId] = [own.id, other.id];
  [ownTrack, otherTrack] = [await makeTrack(sql, [own.id]), await makeTrack(sql, [other.id])];
});
afterAll(async () => {
  await sql?.close();
  await platform?.close();
});

/** The free pie as billing starts it: promo_pool → the fan's wallet (`promo_grant`), and the promotional pie. */
async function freePie(fanId: string, window: { startsAt: Date; endsAt: Date } = { startsAt: periodStart, endsAt: periodEnd }) {
  await ledger.post({
    kind: 'promo_grant',
    idempotencyKey: `promo_grant:${fanId}`,
    occurredAt: new Date(window.startsAt.getTime() + 1000),
    references: { fanId, subscriptionId: `promo_${fanId}` },
    postings: [
      { account: accounts.promoPool, amountCents: -500 },
      { account: accounts.fanWallet(fanId), amountCents: 500 },
    ],
  });
  const { pieId } = await database.transaction((tx) =>
    createPie(tx, { fanId, subscriptionId: `promo_${fanId}`, promo: true, settings: { ...defaultSettings, amountCents: 500 }, firstPeriod: window }),
  );
  const [period] = await sql.query<{ id: string }>(`select id from pies.periods where pie_id = $1`, [pieId]);
  return { pieId, periodId: period!.id };
}

/** The office admin's own fan account: their address with a +tag. */
const ownFan = () => makeAccount(sql, 'fan', { email: office.account.email.replace('@', `+${randomUUID().slice(0, 6)}@`) });

const listen = (fanId: string, tracks: CatalogueTrack[]) =>
  seedPlays(platform, fanId, tracks.map((track, i) => ({ track, at: new Date(periodStart.getTime() + (i + 1) * DAY), ms: 600_000 })));

const snapshotOf = (periodId: string) =>
  sql.query<{ artist_id: string; selected: boolean; reason: string | null; share_cents: string }>(
    `select artist_id, selected, reason, share_cents from pies.period_artists where period_id = $1 order by artist_name`,
    [periodId],
  );

async function closeJournal(periodId: string) {
  return sql.query<{ account: string; amount_cents: string }>(
    `select p.account, p.amount_cents from ledger.journals j join ledger.postings p on p.journal_id = j.id where j.idempotency_key = $1 order by p.account`,
    [closeJournalKey(periodId)],
  );
}

describe('promotional money and the fan’s own office', () => {
  it('the close of a free pie leaves out the artist the fan’s own office claimed; the other artist gets the whole $5, and the statement says why', async () => {
    const fan = await ownFan();
    const { periodId } = await freePie(fan.id);
    await listen(fan.id, [ownTrack, otherTrack]);
    const outcome = await database.transaction((tx) => closePiePeriod(tx, periodId));
    expect(outcome).toMatchObject({ status: 'closed', distributedCents: 500, artistCount: 1 });

    const snapshot = await snapshotOf(periodId);
    expect(snapshot.map((line) => [line.artist_id, line.selected, line.reason, Number(line.share_cents)])).toEqual([
      [ownArtistId, false, 'own_office', 0],
      [otherArtistId, true, null, 500],
    ]);
    const journal = await closeJournal(periodId);
    expect(journal.reduce((sum, posting) => sum + Number(posting.amount_cents), 0)).toBe(0);
    expect(journal.find((posting) => posting.account === accounts.artistEscrow(ownArtistId))).toBeUndefined();
    expect(Number(journal.find((posting) => posting.account === accounts.artistEscrow(otherArtistId))!.amount_cents)).toBe(500);

    const { cookies } = await logIn(platform, fan);
    const statement = await platform.request('GET', `/api/pie/periods/${periodId}/statement`, { cookies });
    expect(statement.status).toBe(200);
    // Not in the split, counted under its reason; the paid artists are the others.
    const ownOffice = statement.body.data.notPaid.find((group: { reason: string }) => group.reason === 'own_office');
    expect(ownOffice).toMatchObject({ count: 1, artists: [expect.objectContaining({ artistId: ownArtistId })] });
    expect(statement.body.data.paid.map((line: { artistId: string }) => line.artistId)).not.toContain(ownArtistId);
    expect(statement.body.data.differenceCents).toBe(0);
  });

  it('with only the own office’s artist listened to, nothing moves and the money waits, as with no listening', async () => {
    const fan = await ownFan();
    const { pieId, periodId } = await freePie(fan.id);
    await listen(fan.id, [ownTrack]);
    const outcome = await database.transaction((tx) => closePiePeriod(tx, periodId));
    expect(outcome).toMatchObject({ status: 'closed', distributedCents: 0, rolledOver: true, rolledOverBecause: 'no_listening', journalId: null });
    expect(await ledger.balanceOf(accounts.fanWallet(fan.id))).toBe(500);
    expect((await snapshotOf(periodId)).map((line) => line.reason)).toEqual(['own_office']);

    // The promotion still waits in the wallet: the next (paid) pie's close spends it first, so it leaves the office out too.
    await sql.query(`update pies.pies set status = 'ended', ended_at = $2 where id = $1`, [pieId, periodEnd]);
    // Plays are kept to the second: they sit well inside the next period's minute.
    const next = await makePie(platform, fan.id, { startsAt: periodEnd, endsAt: new Date(periodEnd.getTime() + 60_000), subscriptionId: `sub_${randomUUID().slice(0, 8)}` });
    await fundWallet(platform, fan.id, 700, new Date(periodEnd.getTime() + 10));
    await seedPlays(platform, fan.id, [{ track: ownTrack, at: new Date(periodEnd.getTime() + 5_000), ms: 600_000 }, { track: otherTrack, at: new Date(periodEnd.getTime() + 10_000), ms: 600_000 }]);
    await database.transaction((tx) => closePiePeriod(tx, next.periodId));
    expect((await snapshotOf(next.periodId)).map((line) => [line.reason, Number(line.share_cents)])).toEqual([
      ['own_office', 0],
      [null, 1200],
    ]);
  });

  it('an artist account linked to the fan through a shared provider account counts as the same person', async () => {
    const fan = await makeAccount(sql, 'fan');
    const providerUserId = `g-${randomUUID()}`;
    for (const [kind, subjectId] of [['fan', fan.id], ['artist', office.account.id]] as const) {
      await sql.query(`insert into identity.social_identities (id, subject_kind, subject_id, provider, provider_user_id) values ($1, $2, $3, 'google', $4)`, [randomUUID(), kind, subjectId, providerUserId]);
    }
    const { periodId } = await freePie(fan.id);
    await listen(fan.id, [ownTrack, otherTrack]);
    await database.transaction((tx) => closePiePeriod(tx, periodId));
    expect((await snapshotOf(periodId)).map((line) => line.reason)).toEqual(['own_office', null]);
  });

  it('the preview of a running free pie shows the same exclusion', async () => {
    const fan = await ownFan();
    const { pieId } = await freePie(fan.id, { startsAt: new Date(Date.now() - 2 * DAY), endsAt: new Date(Date.now() + 5 * DAY) });
    await seedPlays(platform, fan.id, [{ track: ownTrack, at: new Date(Date.now() - DAY), ms: 600_000 }, { track: otherTrack, at: new Date(Date.now() - DAY + 1000), ms: 600_000 }]);
    const { cookies } = await logIn(platform, fan);
    const stats = await platform.request('GET', `/api/pie/${pieId}/realtime-stats`, { cookies });
    expect(stats.status).toBe(200);
    const byId = new Map(stats.body.data.artists.map((artist: { artistId: string }) => [artist.artistId, artist]));
    expect(byId.get(ownArtistId)).toMatchObject({ selected: false, reason: 'own_office', shareCents: 0 });
    expect(byId.get(otherArtistId)).toMatchObject({ selected: true, shareCents: 500 });
  });

  it('paid money (no promotion) still reaches the fan’s own office’s artist, and a stranger’s free pie pays it too', async () => {
    const fan: TestAccount = await ownFan();
    const { periodId } = await makePie(platform, fan.id, { startsAt: periodStart, endsAt: periodEnd });
    await fundWallet(platform, fan.id, 1000, new Date(periodStart.getTime() + 1000));
    await listen(fan.id, [ownTrack, otherTrack]);
    await database.transaction((tx) => closePiePeriod(tx, periodId));
    expect((await snapshotOf(periodId)).map((line) => [line.reason, Number(line.share_cents)])).toEqual([
      [null, 500],
      [null, 500],
    ]);

    const stranger = await makeAccount(sql, 'fan');
    const free = await freePie(stranger.id);
    await listen(stranger.id, [ownTrack, otherTrack]);
    await database.transaction((tx) => closePiePeriod(tx, free.periodId));
    expect((await snapshotOf(free.periodId)).map((line) => [line.reason, Number(line.share_cents)])).toEqual([
      [null, 250],
      [null, 250],
    ]);
  });
});
