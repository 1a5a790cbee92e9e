import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrobblePlay, upsertTrackMetadata, writePlays, type Scrobble } from '#pie/listening/testing';
import { Database } from '#pie/platform';
import { makeAccount } from '../../support/accounts.js';
import { openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';

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

  it('a scrobble with MBIDs of a track the catalogue had by name (a Spotify poll’s) stores them on it: a later play spelled otherwise matches it by MBID', async () => {
    const fan = await makeAccount(sql, 'fan');
    const recording = '5d1f0c2a-8e4b-4f6a-9c3d-2b1a0f9e8d7c';
    const artistMbid = 'c4b3a291-7f6e-4d5c-8b4a-3f2e1d0c9b8a';
    const startedAt = Math.floor(Date.UTC(2026, 10, 23, 20, 0, 0) / 1000);
    // The poll brings the track by provider id, without MBIDs.
    await writePlays(database, [
      { fanId: fan.id, playedAt: new Date((startedAt + 240) * 1000), msPlayed: 240_000, source: 'recently-played', providerTrackId: 'spMbidKnownTrack01', trackName: 'Silver Static', artistName: 'Neon Rivers', album: null },
    ]);
    const track = await sql.value<string>(`select id from listening.tracks where provider_id = 'spMbidKnownTrack01'`);
    expect(await sql.value<string | null>(`select mbid from listening.tracks where id = $1`, [track])).toBeNull();

    // Last.fm's scrobble of another play, by the same names and with MBIDs: matched by the match key, the MBIDs kept.
    await writePlays(database, [scrobblePlay(scrobble(fan.id, { source: 'lastfm', startedAtSeconds: startedAt + 3600, trackName: 'silver static', artistName: 'neon rivers', trackMbid: recording, artistMbid }))]);
    expect(await sql.value<string>(`select mbid from listening.tracks where id = $1`, [track])).toBe(recording);
    expect(await sql.value<string>(`select a.mbid from listening.track_artists ta join listening.artists a on a.id = ta.artist_id where ta.track_id = $1 and ta.position = 0`, [track])).toBe(artistMbid);

    // ListenBrainz spells it otherwise: found by the MBID, no new track.
    const written = await writePlays(database, [
      scrobblePlay(scrobble(fan.id, { startedAtSeconds: startedAt + 7200, trackName: 'Silver Static (2024 Remaster)', artistName: 'Neon Rivers feat. Nobody', trackMbid: recording, artistMbid })),
    ]);
    expect(written).toMatchObject({ inserted: 1, newTracks: 0 });
    expect(await sql.query(`select track_id, count(*)::int as plays from listening.plays where fan_id = $1 group by 1`, [fan.id])).toEqual([{ track_id: track, plays: 3 }]);
    expect(await sql.value<number>(`select count(*)::int from listening.tracks where name = 'Silver Static (2024 Remaster)'`)).toBe(0);
  });

  it('an MBID another track already has is not given to a second one', async () => {
    const fan = await makeAccount(sql, 'fan');
    const recording = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
    const base = Math.floor(Date.UTC(2026, 10, 24, 20, 0, 0) / 1000);
    await writePlays(database, [scrobblePlay(scrobble(fan.id, { startedAtSeconds: base, trackName: 'First Name', artistName: 'Twin Keys', trackMbid: recording }))]);
    await writePlays(database, [scrobblePlay(scrobble(fan.id, { startedAtSeconds: base + 3600, trackName: 'Other Song', artistName: 'Twin Keys' }))]);
    // A scrobble naming the second track but carrying the first's MBID: it is the first track's recording; the second keeps none.
    await writePlays(database, [scrobblePlay(scrobble(fan.id, { source: 'lastfm', startedAtSeconds: base + 7200, trackName: 'Other Song', artistName: 'Twin Keys', trackMbid: recording }))]);
    expect(await sql.query(`select name, mbid from listening.tracks where name in ('First Name', 'Other Song') order by name`)).toEqual([
      { name: 'First Name', mbid: recording },
      { name: 'Other Song', mbid: null },
    ]);
  });

  it('a scrobble-named track merged into the real one when the catalogue brings it passes its MBIDs on', async () => {
    const fan = await makeAccount(sql, 'fan');
    const recording = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
    const artistMbid = '6f5e4d3c-2b1a-4f0e-9d8c-7b6a5f4e3d2c';
    await writePlays(database, [scrobblePlay(scrobble(fan.id, { trackName: 'Quiet Harbor', artistName: 'Dune Static', trackMbid: recording, artistMbid }))]);
    await database.transaction((em) =>
      upsertTrackMetadata(em, [
        { id: 'spQuietHarbor00001', name: 'Quiet Harbor', duration_ms: 300_000, artists: [{ id: 'spDuneStatic000001', name: 'Dune Static' }], album: { name: 'Harbors', images: [] } } as never,
      ]),
    );
    expect(await sql.query(`select provider_id, mbid from listening.tracks where name = 'Quiet Harbor'`)).toEqual([{ provider_id: 'spQuietHarbor00001', mbid: recording }]);
    expect(await sql.query(`select provider_id, mbid from listening.artists where name = 'Dune Static'`)).toEqual([{ provider_id: 'spDuneStatic000001', mbid: artistMbid }]);
  });
});
