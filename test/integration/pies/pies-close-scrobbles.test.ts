import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '#pie/ledger';
import { writePlays, type IncomingPlay } from '#pie/listening/testing';
import { scrobblePlay } from '#pie/listening/testing';
import { Database } from '#pie/platform';
import { closeJournalKey, closePiePeriod } from '#pie/pies/testing';
import { makeAccount } from '../../support/accounts.js';
import { openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { makeArtist, makeTrack, seedPlays } from '../listening/listening-fixtures.js';
import { DAY, fundWallet, makePie } from './pies-fixtures.js';

/**
 * Issue 33: an artist Pie knows only from Last.fm scrobbles (no Spotify id: the artist and the
 * track were created from the scrobble's names) is split like any other in a period close, and
 * the money waits in its escrow. An upload's name-only track still waits for the catalogue.
 */
describe('pies: a close shares out to an artist known only from scrobbles', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let database: Database;
  const periodEnd = new Date(Date.now() - DAY);
  const periodStart = new Date(periodEnd.getTime() - 30 * DAY);
  const inWindow = (days: number) => new Date(periodStart.getTime() + days * DAY);

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'pies-close-scrobbles', worker: false });
    sql = openSql(platform.database.url);
    database = platform.api.get(Database);
  }, 120_000);
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  it('gives the scrobble-only artist its share of the listened time, posted to its escrow; an uploaded name-only track gets nothing', async () => {
    const fan = await makeAccount(sql, 'fan');
    const { periodId } = await makePie(platform, fan.id, { startsAt: periodStart, endsAt: periodEnd, settings: { artistLimit: 5 } });
    const known = await makeArtist(sql, { name: 'Catalogue Star', popularity: 50 });
    await seedPlays(platform, fan.id, [{ track: await makeTrack(sql, [known]), at: inWindow(1), ms: 300_000 }]);

    // Three Last.fm scrobbles of a band no Spotify poll or export ever brought (their length known: 200 s each).
    const scrobbles: IncomingPlay[] = [2, 3, 4].map((day) =>
      scrobblePlay({
        fanId: fan.id,
        source: 'lastfm',
        startedAtSeconds: Math.floor(inWindow(day).getTime() / 1000),
        durationMs: 200_000,
        trackName: 'Basement Demo',
        artistName: 'The Garage Only',
        album: null,
      }),
    );
    await writePlays(database, scrobbles);
    // A basic export's row of another unknown band: name-only, waiting for the catalogue.
    await writePlays(database, [
      { fanId: fan.id, playedAt: inWindow(5), precisionSeconds: 60, msPlayed: 600_000, source: 'export', providerTrackId: null, trackName: 'Bootleg', artistName: 'Uploaded Only', album: null },
    ]);
    const [scrobbleOnly] = await sql.query<{ id: string; provider_id: string | null }>(`select id, provider_id from listening.artists where name = 'The Garage Only'`);
    expect(scrobbleOnly.provider_id).toBeNull();
    const uploadedOnly = await sql.value<string>(`select id from listening.artists where name = 'Uploaded Only'`);
    await fundWallet(platform, fan.id, 1000, new Date(periodStart.getTime() + 1000));

    const outcome = await database.transaction((tx) => closePiePeriod(tx, periodId));
    expect(outcome).toMatchObject({ status: 'closed', distributedCents: 1000, artistCount: 2 });
    const snapshot = await sql.query<{ artist_id: string; artist_name: string; share_cents: string; listened_ms: string }>(
      `select artist_id, artist_name, share_cents, listened_ms from pies.period_artists where period_id = $1`,
      [periodId],
    );
    const byArtist = Object.fromEntries(snapshot.map((row) => [row.artist_id, row]));
    // 300 s of the catalogue's artist, 3 × 200 s of the scrobbled band: 1000 cents as 333 : 667.
    expect(byArtist[scrobbleOnly.id]).toMatchObject({ artist_name: 'The Garage Only', listened_ms: '600000', share_cents: '667' });
    expect(byArtist[known]).toMatchObject({ share_cents: '333' });
    expect(byArtist[uploadedOnly]).toBeUndefined();

    const postings = await sql.query<{ account: string; amount_cents: string }>(
      `select p.account, p.amount_cents from ledger.journals j join ledger.postings p on p.journal_id = j.id where j.idempotency_key = $1`,
      [closeJournalKey(periodId)],
    );
    expect(Object.fromEntries(postings.map((p) => [p.account, Number(p.amount_cents)]))).toEqual({
      [accounts.fanWallet(fan.id)]: -1000,
      [accounts.artistEscrow(known)]: 333,
      [accounts.artistEscrow(scrobbleOnly.id)]: 667,
    });
  });
});
