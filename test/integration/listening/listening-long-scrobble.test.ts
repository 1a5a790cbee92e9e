import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePlays, type IncomingPlay } from '#pie/listening/testing';
import { scrobblePlay } from '#pie/listening/testing';
import { Database } from '#pie/platform';
import { makeAccount } from '../../support/accounts.js';
import { openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { makeArtist, makeTrack, type CatalogueTrack } from './listening-fixtures.js';

const TEN_MINUTES = 600_000;

/** The orders three reports of one play can arrive in. */
const ORDERS = [
  ['poll', 'export', 'lastfm'],
  ['poll', 'lastfm', 'export'],
  ['export', 'poll', 'lastfm'],
  ['export', 'lastfm', 'poll'],
  ['lastfm', 'poll', 'export'],
  ['lastfm', 'export', 'poll'],
] as const;

/**
 * Issue 33: a long track's Last.fm scrobble is the same play as Spotify's poll and the export's
 * row of it. Last.fm dates a scrobble when the play started (to the second), the poll and the
 * extended export when it ended: for a 10-minute track heard to the end, 10 minutes apart, more
 * than the 4 minutes a scrobble's window once allowed.
 */
describe('a long track heard once, reported by Spotify’s poll, the export and Last.fm', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let database: Database;
  let track: CatalogueTrack;
  let artistName: string;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'long-scrobble', worker: false });
    sql = openSql(platform.database.url);
    database = platform.api.get(Database);
    artistName = 'The Long Players';
    // The catalogue knows the track (a poll brought it): Last.fm's recent tracks carry no length,
    // so the source takes the catalogue's, as `scrobble-sources.ts` does.
    track = await makeTrack(sql, [await makeArtist(sql, { name: artistName })], { name: 'A Ten Minute Song', durationMs: TEN_MINUTES });
  }, 120_000);
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  /** One play started at `startMs` and heard to the end, as each source reports it. */
  function reports(fanId: string, startMs: number): Record<(typeof ORDERS)[number][number], IncomingPlay> {
    const endMs = startMs + TEN_MINUTES;
    return {
      // The poll's played_at: the end, to the millisecond (stored to the second).
      poll: { fanId, playedAt: new Date(endMs + 417), msPlayed: TEN_MINUTES, source: 'recently-played', providerTrackId: track.providerId, trackName: track.name, artistName, album: null },
      // The extended export's `ts`: the end, to the second, a few seconds off the poll's clock.
      export: { fanId, playedAt: new Date(endMs + 3_000), msPlayed: TEN_MINUTES - 2_000, source: 'export', providerTrackId: null, trackName: track.name, artistName, album: null },
      lastfm: scrobblePlay({ fanId, source: 'lastfm', startedAtSeconds: Math.floor(startMs / 1000), durationMs: TEN_MINUTES, trackName: track.name, artistName, album: null }),
    };
  }

  const playsOf = (fanId: string) => sql.query<{ source: string }>(`select source from listening.plays where fan_id = $1 order by played_at`, [fanId]);

  for (const order of ORDERS) {
    it(`counts it once when they arrive ${order.join(', ')}; the next play of the track, right after, counts again`, async () => {
      const fan = await makeAccount(sql, 'fan');
      const start = Date.UTC(2026, 10, 20, 18, 0, 7);
      const first = reports(fan.id, start);
      for (const source of order) await writePlays(database, [first[source]]);
      const once = await playsOf(fan.id);
      expect(once).toHaveLength(1);
      expect(once[0].source).toBe(order[0] === 'poll' ? 'recently-played' : order[0]);

      // Played again at once: it ends ten minutes later, outside the first play's window.
      const second = reports(fan.id, start + TEN_MINUTES + 2_000);
      for (const source of order) await writePlays(database, [second[source]]);
      expect(await playsOf(fan.id)).toHaveLength(2);
      expect(await sql.value<number>(`select plays_count::int from listening.fan_listening_state where fan_id = $1`, [fan.id])).toBe(2);
    });
  }
});
