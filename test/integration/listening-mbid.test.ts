import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePlays } from '#pie/listening/testing';
import { scrobblePlay, type Scrobble } from '#pie/listening/testing';
import { Database } from '#pie/platform';
import { makeAccount } from '../support/accounts.js';
import { openSql, type Sql } from '../support/sql.js';
import { TestPlatform } from '../support/test-platform.js';

const RECORDING = '8f3471b5-7e6a-48da-86a9-c1c07a0f47ae';
const OTHER_RECORDING = '2c9a1d4e-5b7f-4e21-9a3c-7d6e8f9a0b1c';
const ARTIST = '87c5dedd-371d-4a53-9f7f-80522fb7f3cb';

/**
 * Issue 33: scrobbles are matched to the catalogue by MusicBrainz id where they carry one, else by
 * the match key. ListenBrainz and Last.fm spell one recording differently; the MBIDs make it one
 * track and one artist, and the same listen from both one play.
 */
describe('catalogue matching by MusicBrainz id', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let database: Database;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'mbid', worker: false });
    sql = openSql(platform.database.url);
    database = platform.api.get(Database);
  }, 120_000);
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  const scrobble = (fanId: string, overrides: Partial<Scrobble>): Scrobble => ({
    fanId,
    source: 'listenbrainz',
    startedAtSeconds: Math.floor(Date.UTC(2026, 10, 20, 21, 0, 0) / 1000),
    durationMs: 300_000,
    trackName: 'Hyperballad (2023 Remaster)',
    artistName: 'Björk',
    album: null,
    ...overrides,
  });

  it('one recording spelled two ways is one track by its MBID, and the same listen from both services one play; an artist MBID credits the artist Pie has', async () => {
    const fan = await makeAccount(sql, 'fan');
    await writePlays(database, [scrobblePlay(scrobble(fan.id, { trackMbid: RECORDING, artistMbid: ARTIST }))]);
    const [track] = await sql.query<{ id: string; mbid: string; name: string }>(`select id, mbid, name from listening.tracks where mbid = $1`, [RECORDING]);
    expect(track).toMatchObject({ mbid: RECORDING, name: 'Hyperballad (2023 Remaster)' });
    expect(await sql.value<string>(`select mbid from listening.artists where name = 'Björk'`)).toBe(ARTIST);

    // Last.fm names it otherwise; its MBIDs are the same.
    const lastfm = scrobblePlay(scrobble(fan.id, { source: 'lastfm', trackName: 'Hyperballad', artistName: 'Bjork', durationMs: null, trackMbid: RECORDING, artistMbid: ARTIST }));
    const written = await writePlays(database, [lastfm]);
    expect(written).toMatchObject({ inserted: 0, newTracks: 0 });
    expect(await sql.query(`select track_id, source from listening.plays where fan_id = $1`, [fan.id])).toEqual([{ track_id: track.id, source: 'listenbrainz' }]);
    expect(await sql.value<number>(`select count(*)::int from listening.tracks where lower(name) = 'hyperballad'`)).toBe(0);

    // Another recording by the same artist, as Last.fm spells them: a new track, credited to the artist Pie has by its MBID.
    await writePlays(database, [
      scrobblePlay(scrobble(fan.id, { source: 'lastfm', startedAtSeconds: lastfm.playedAt.getTime() / 1000 + 600, trackName: 'Jóga', artistName: 'Bjork', trackMbid: OTHER_RECORDING, artistMbid: ARTIST })),
    ]);
    const credited = await sql.query<{ name: string; mbid: string }>(
      `select a.name, a.mbid from listening.tracks t join listening.track_artists ta on ta.track_id = t.id join listening.artists a on a.id = ta.artist_id where t.mbid = $1`,
      [OTHER_RECORDING],
    );
    expect(credited).toEqual([{ name: 'Björk', mbid: ARTIST }]);
    expect(await sql.value<number>(`select count(*)::int from listening.artists where name = 'Bjork'`)).toBe(0);
  });

  it('a scrobble without an MBID is matched by the match key, and one with an MBID Pie has not seen finds the track by its names', async () => {
    const fan = await makeAccount(sql, 'fan');
    const names = { trackName: 'Unravel', artistName: 'Björk' };
    await writePlays(database, [scrobblePlay(scrobble(fan.id, { ...names }))]);
    const trackId = await sql.value<string>(`select id from listening.tracks where name = 'Unravel'`);
    await writePlays(database, [
      scrobblePlay(scrobble(fan.id, { ...names, source: 'lastfm', startedAtSeconds: Math.floor(Date.UTC(2026, 10, 21, 9) / 1000) })),
      scrobblePlay(scrobble(fan.id, { ...names, source: 'lastfm', startedAtSeconds: Math.floor(Date.UTC(2026, 10, 22, 9) / 1000), trackMbid: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee' })),
    ]);
    expect(await sql.query(`select distinct track_id from listening.plays where fan_id = $1`, [fan.id])).toEqual([{ track_id: trackId }]);
    expect(await sql.value<number>(`select count(*)::int from listening.plays where fan_id = $1`, [fan.id])).toBe(3);
  });
});
