import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenedMsByArtist } from '#pie/listening/testing';
import { Database } from '#pie/platform';
import { logIn, makeAccount } from '../../support/accounts.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { calmSandbox, connectSpotify, sandbox } from './listening-fixtures.js';

type Row = Record<string, unknown>;

/** A request may carry at most 1 MB: the page sends a file's rows in chunks below that. */
const CHUNK_BYTES = 900_000;

describe('export uploads (account-data export files)', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let extended: Row[];

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'listen-import' });
    sql = openSql(platform.database.url);
    await calmSandbox(platform);
    // Catalogue lookups go as fast as the worker asks (the 429 handling has its own test).
    await sandbox(platform, 'POST', '/spotify/__admin/rate-limit', { enabled: false });
    // A connected fan whose access the background catalogue lookups can use.
    const lender = await makeAccount(sql, 'fan');
    await connectSpotify(platform, (await logIn(platform, lender)).cookies, 'listener3');
    extended = await sandbox(platform, 'GET', '/spotify/__sandbox/export/listener1?days=120&format=extended');
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  async function signedInFan() {
    const fan = await makeAccount(sql, 'fan');
    return { fan, cookies: (await logIn(platform, fan)).cookies };
  }

  /** Uploads rows as the settings page does: one request if they fit, else in chunks of at most `chunkBytes`. */
  async function upload(cookies: Record<string, string>, fileName: string, rows: Row[], chunkBytes = CHUNK_BYTES) {
    const chunks: Row[][] = [[]];
    let size = 0;
    for (const row of rows) {
      const rowSize = JSON.stringify(row).length + 1;
      if (size + rowSize > chunkBytes && chunks[chunks.length - 1].length > 0) {
        chunks.push([]);
        size = 0;
      }
      chunks[chunks.length - 1].push(row);
      size += rowSize;
    }
    const first = await platform.request('POST', '/api/listening/imports', { cookies, body: { fileName, totalChunks: chunks.length, rows: chunks[0] } });
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    for (const [index, chunk] of chunks.entries()) {
      if (index === 0) continue;
      const next = await platform.request('POST', `/api/listening/imports/${first.body.data.id}/chunks`, { cookies, body: { index, rows: chunk } });
      expect(next.status, JSON.stringify(next.body)).toBe(202);
    }
    return first.body.data.id as string;
  }

  async function finished(cookies: Record<string, string>, id: string) {
    return eventually(
      `import ${id}`,
      async () => {
        const progress = await platform.request('GET', `/api/listening/imports/${id}`, { cookies });
        return ['completed', 'failed'].includes(progress.body.data.status) ? progress.body.data : undefined;
      },
      60_000,
      100,
    );
  }

  const playsOf = (fanId: string) => sql.value<number>(`select count(*)::int from listening.plays where fan_id = $1`, [fanId]);

  it('a track with three credited artists splits its time in three, once the catalogue knows the credits', async () => {
    const catalogue = await sandbox(platform, 'GET', '/spotify/__sandbox/catalogue');
    const trackId: string = catalogue.examples.trackIdsWithThreeArtists[0];
    const { fan, cookies } = await signedInFan();
    const id = await upload(cookies, 'Streaming_History_Audio_2025_0.json', [
      {
        ts: '2025-03-01T12:00:00Z',
        ms_played: 90_000,
        master_metadata_track_name: 'A song known by its id',
        master_metadata_album_artist_name: 'Whoever The Export Says',
        master_metadata_album_album_name: 'Some Album',
        spotify_track_uri: `spotify:track:${trackId}`,
        ip_addr: '198.51.100.7',
      },
    ]);
    expect(await finished(cookies, id)).toMatchObject({ status: 'completed', total_rows: 1, inserted_rows: 1, percent: 100 });
    // Orphaned until the background lookup: then the provider's three credits replace the guess.
    await eventually(
      'the track metadata',
      async () => (await sql.value<number>(`select count(*)::int from listening.track_artists ta join listening.tracks t on t.id = ta.track_id where t.provider_id = $1`, [trackId])) === 3,
      30_000,
    );
    const mine = await platform.request('GET', '/api/artists/user?sortBy=name', { cookies });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toHaveLength(3);
    for (const artist of mine.body.data) expect(artist).toMatchObject({ listened_ms: 30_000, plays: 1 });
    // The counts kept beside the play count followed the rebuild: one track, three artists, nothing orphaned.
    expect((await platform.request('GET', '/api/artists/user', { cookies })).body.pagination.total).toBe(3);
    expect((await platform.request('GET', '/api/user/activity', { cookies })).body.data.totals).toMatchObject({ plays: 1, tracks: 1, artists: 3, orphaned_plays: 0 });
    const facade = await listenedMsByArtist(platform.api.get(Database).em(), fan.id, new Date('2025-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'));
    expect(facade.map((artist) => artist.listenedMs)).toEqual([30_000, 30_000, 30_000]);
    expect(facade.reduce((sum, artist) => sum + artist.listenedMs, 0)).toBe(90_000);
  });

  it('a 10,000-play extended history imports exactly once: uploading it again adds nothing', async () => {
    expect(extended.length).toBeGreaterThanOrEqual(10_000);
    const rows = extended.slice(0, 10_000);
    const distinct = new Set(rows.map((row) => `${row.spotify_track_uri}|${row.ts}`)).size;
    const { fan, cookies } = await signedInFan();

    const first = await finished(cookies, await upload(cookies, 'Streaming_History_Audio_2025-2026_0.json', rows));
    expect(first).toMatchObject({ status: 'completed', total_rows: 10_000, processed_rows: 10_000, skipped_rows: 0, inserted_rows: distinct, percent: 100, error: null });
    expect(first.total_chunks).toBeGreaterThan(1);
    expect(await playsOf(fan.id)).toBe(distinct);
    expect(await sql.value(`select sum(ms_played)::bigint from listening.plays where fan_id = $1`, [fan.id])).toBe(
      String(rows.reduce((sum, row) => sum + Number(row.ms_played), 0)),
    );
    expect(await sql.value(`select count(*)::int from listening.import_chunks`)).toBe(0);

    const again = await finished(cookies, await upload(cookies, 'Streaming_History_Audio_2025-2026_0.json', rows, 400_000));
    expect(again.total_chunks).toBeGreaterThan(first.total_chunks);
    expect(again).toMatchObject({ status: 'completed', total_rows: 10_000, inserted_rows: 0 });
    expect(await playsOf(fan.id)).toBe(distinct);

    const history = await platform.request('GET', '/api/listening/imports', { cookies });
    expect(history.body.data.map((item: { id: string }) => item.id)).toEqual([again.id, first.id]);
  });

  it('the basic StreamingHistory format is matched by artist and track name; unknown names become orphaned entries', async () => {
    const basic: Row[] = await sandbox(platform, 'GET', '/spotify/__sandbox/export/listener2?days=14&format=basic');
    expect(basic.length).toBeGreaterThan(100);
    const { fan, cookies } = await signedInFan();
    const keys = new Set(basic.map((row) => `${String(row.artistName).toLowerCase()}|${String(row.trackName).toLowerCase()}|${row.endTime}`));
    const done = await finished(cookies, await upload(cookies, 'StreamingHistory_music_0.json', basic));
    expect(done).toMatchObject({ status: 'completed', total_rows: basic.length, inserted_rows: keys.size });
    expect(await playsOf(fan.id)).toBe(keys.size);
    // Every play has a track crediting an artist of the name the file gave.
    expect(
      await sql.value(
        `select count(*)::int from listening.plays p where p.fan_id = $1 and not exists (
           select 1 from listening.track_artists ta join listening.artists a on a.id = ta.artist_id where ta.track_id = p.track_id)`,
        [fan.id],
      ),
    ).toBe(0);
    // Names the catalogue did not know are new entries without a provider id: their plays are orphaned.
    const nameOnly = await sql.value<number>(
      `select count(*)::int from listening.plays p join listening.tracks t on t.id = p.track_id where p.fan_id = $1 and t.provider_id is null and t.metadata_fetched_at is null`,
      [fan.id],
    );
    expect(nameOnly).toBeGreaterThan(0);
    const activity = await platform.request('GET', '/api/user/activity', { cookies });
    expect(activity.body.data.totals.plays).toBe(keys.size);
    expect(activity.body.data.totals.orphaned_plays).toBeGreaterThan(0);
    expect(activity.body.data.totals.orphaned_plays).toBeLessThanOrEqual(keys.size);
    expect(activity.body.data.latest_import).toMatchObject({ status: 'completed', file_name: 'StreamingHistory_music_0.json' });
  });

  it('skips what is not a music play (podcasts, nothing played) and says how many', async () => {
    const { fan, cookies } = await signedInFan();
    const id = await upload(cookies, 'Streaming_History_Audio_2024_1.json', [
      { ts: '2024-05-01T10:00:00Z', ms_played: 1_000, master_metadata_track_name: null, master_metadata_album_artist_name: null, spotify_track_uri: null, episode_name: 'A podcast' },
      { ts: '2024-05-01T10:05:00Z', ms_played: 0, master_metadata_track_name: 'Silence', master_metadata_album_artist_name: 'Nobody', spotify_track_uri: null },
      { ts: '2024-05-01T10:09:00Z', ms_played: 200_000, master_metadata_track_name: 'Kept', master_metadata_album_artist_name: 'Somebody New', spotify_track_uri: null },
    ]);
    expect(await finished(cookies, id)).toMatchObject({ status: 'completed', total_rows: 3, skipped_rows: 2, inserted_rows: 1 });
    expect(await playsOf(fan.id)).toBe(1);
  });

  it('uploads belong to their fan, and bad input is a 400 naming the problem', async () => {
    const { cookies } = await signedInFan();
    const other = await signedInFan();
    const row = { endTime: '2024-01-31 23:59', artistName: 'A', trackName: 'B', msPlayed: 1000 };
    const started = await platform.request('POST', '/api/listening/imports', { cookies, body: { fileName: 'StreamingHistory0.json', totalChunks: 2, rows: [row] } });
    expect(started.status).toBe(202);
    expect(started.body.data).toMatchObject({ status: 'uploading', total_chunks: 2, received_chunks: 1, percent: 0 });
    const id = started.body.data.id;

    // Another fan's upload is not found, for reading and for adding to.
    expect((await platform.request('GET', `/api/listening/imports/${id}`, { cookies: other.cookies })).status).toBe(404);
    expect((await platform.request('POST', `/api/listening/imports/${id}/chunks`, { cookies: other.cookies, body: { index: 1, rows: [row] } })).status).toBe(404);
    expect((await platform.request('GET', `/api/listening/imports/${id}`)).status).toBe(401);

    const bad: [string, string, unknown, RegExp][] = [
      ['POST', '/api/listening/imports', { rows: [row] }, /fileName/],
      ['POST', '/api/listening/imports', { fileName: 'notes.txt', rows: [row] }, /\.json/],
      ['POST', '/api/listening/imports', { fileName: 'a.json', rows: [] }, /rows must not be empty/],
      ['POST', '/api/listening/imports', { fileName: 'a.json', rows: 'lots' }, /rows/],
      ['POST', '/api/listening/imports', { fileName: 'a.json', rows: [{ song: 'x' }] }, /StreamingHistory row/],
      ['POST', '/api/listening/imports', { fileName: 'a.json', rows: [{ ...row, msPlayed: -5 }] }, /msPlayed must be 0 or more/],
      ['POST', '/api/listening/imports', { fileName: 'a.json', rows: [{ ...row, endTime: 'yesterday' }] }, /endTime must look like/],
      ['POST', '/api/listening/imports', { fileName: 'a.json', totalChunks: 0, rows: [row] }, /totalChunks/],
      ['POST', '/api/listening/imports', { fileName: 'a.json', rows: [row], extra: true }, /Unknown field/],
      ['POST', '/api/listening/imports', { fileName: 'a.json', rows: Array.from({ length: 10_001 }, () => row) }, /at most 10000 rows/],
      ['POST', `/api/listening/imports/${id}/chunks`, { index: 2, rows: [row] }, /below totalChunks/],
      ['POST', `/api/listening/imports/${id}/chunks`, { index: 0, rows: [row] }, /index/],
      ['POST', `/api/listening/imports/${id}/chunks`, { rows: [row] }, /index/],
      ['POST', '/api/listening/imports/not-an-id/chunks', { index: 1, rows: [row] }, /valid id/],
      ['GET', '/api/listening/imports/not-an-id', undefined, /valid id/],
    ];
    for (const [method, url, body, message] of bad) {
      const response = await platform.request(method, url, { cookies, body });
      expect(response.status, `${method} ${url} ${String(JSON.stringify(body)).slice(0, 80)}`).toBe(400);
      expect(response.body.message).toMatch(message);
    }
    const tooBig = await platform.request('POST', '/api/listening/imports', { cookies, rawBody: JSON.stringify({ fileName: 'a.json', rows: [row], pad: 'x'.repeat(1_100_000) }), headers: { 'content-type': 'application/json' } });
    expect(tooBig.status).toBe(413);

    // The last chunk completes the upload; after that the upload takes nothing more.
    const last = await platform.request('POST', `/api/listening/imports/${id}/chunks`, { cookies, body: { index: 1, rows: [row] } });
    expect(last.body.data).toMatchObject({ received_chunks: 2 });
    expect(['queued', 'processing', 'completed']).toContain(last.body.data.status);
    const late = await platform.request('POST', `/api/listening/imports/${id}/chunks`, { cookies, body: { index: 1, rows: [row] } });
    expect(late.status).toBe(409);
  });
});
