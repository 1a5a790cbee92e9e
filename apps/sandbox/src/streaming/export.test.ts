import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtendedStreamingHistoryRow, PlayHistoryObject, StreamingHistoryRow } from './spotify-types.js';
import { startStreamingHarness, type StreamingHarness } from './testing/harness.js';

let h: StreamingHarness;
beforeAll(async () => {
  h = await startStreamingHarness();
});
afterAll(async () => {
  await h?.close();
});

const EXTENDED_KEYS = [
  'ts', 'platform', 'ms_played', 'conn_country', 'ip_addr', 'master_metadata_track_name', 'master_metadata_album_artist_name',
  'master_metadata_album_album_name', 'spotify_track_uri', 'episode_name', 'episode_show_name', 'spotify_episode_uri', 'audiobook_title',
  'audiobook_uri', 'audiobook_chapter_uri', 'audiobook_chapter_title', 'reason_start', 'reason_end', 'shuffle', 'skipped', 'offline',
  'offline_timestamp', 'incognito_mode',
];

async function exportRows<T>(userId: string, query: string): Promise<{ rows: T[]; fileName: string | undefined }> {
  const res = await fetch(`${h.url}/spotify/__sandbox/export/${userId}?${query}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const fileName = res.headers.get('content-disposition')?.match(/filename="([^"]+)"/)?.[1];
  return { rows: JSON.parse(await res.text()) as T[], fileName };
}

describe('account-data export', () => {
  it('basic: StreamingHistory rows, oldest first, short plays included', async () => {
    const { rows, fileName } = await exportRows<StreamingHistoryRow>('listener2', 'days=90&format=basic');
    expect(fileName).toBe('StreamingHistory_music_0.json');
    expect(rows.length).toBeGreaterThan(2000);
    const malformed = rows.filter(
      (row) =>
        Object.keys(row).join() !== 'endTime,artistName,trackName,msPlayed' ||
        !/^\d{4}-\d\d-\d\d \d\d:\d\d$/.test(row.endTime) ||
        !Number.isInteger(row.msPlayed),
    );
    expect(malformed).toEqual([]);
    const times = rows.map((row) => row.endTime);
    expect([...times].sort()).toEqual(times);
    expect(Date.parse(`${times[0].replace(' ', 'T')}Z`)).toBeGreaterThan(h.now() - 90 * 86_400_000 - 60_000);
    expect(rows.some((row) => row.msPlayed < 30_000)).toBe(true);
  });

  it('extended: Streaming_History_Audio rows with the documented fields', async () => {
    const { rows, fileName } = await exportRows<ExtendedStreamingHistoryRow>('listener1', 'days=30&format=extended');
    expect(fileName).toBe('Streaming_History_Audio_2029-2030_0.json');
    expect(Object.keys(rows[0])).toEqual(EXTENDED_KEYS);
    const malformed = rows.filter(
      (row) =>
        Object.keys(row).join() !== EXTENDED_KEYS.join() ||
        !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(row.ts) ||
        !/^spotify:track:[0-9A-Za-z]{22}$/.test(row.spotify_track_uri ?? '') ||
        row.conn_country !== 'US' ||
        row.episode_name !== null ||
        !['trackdone', 'clickrow', 'fwdbtn', 'backbtn', 'playbtn', 'appload', 'remote'].includes(row.reason_start) ||
        (row.offline_timestamp === null) !== !row.offline,
    );
    expect(malformed).toEqual([]);
    expect(new Set(rows.map((row) => row.platform))).toEqual(new Set(['ios', 'osx', 'cast_to_device']));
    const ts = rows.map((row) => row.ts);
    expect([...ts].sort()).toEqual(ts);
  });

  it('agrees with recently-played over the overlapping window, in both formats', async () => {
    const token = await h.token('listener2');
    const recent = (await h.get('/spotify/api/v1/me/player/recently-played?limit=50', token)).body.items as PlayHistoryObject[];
    expect(recent).toHaveLength(50);
    const { rows: extended } = await exportRows<ExtendedStreamingHistoryRow>('listener2', 'days=14&format=extended');
    const { rows: basic } = await exportRows<StreamingHistoryRow>('listener2', 'days=14&format=basic');
    expect(basic).toHaveLength(extended.length);

    const newest = Date.parse(recent[0].played_at);
    const oldestSecond = Math.floor(Date.parse(recent[49].played_at) / 1000) * 1000;
    const counted = extended.filter((row) => row.ms_played >= 30_000 && Date.parse(row.ts) >= oldestSecond && Date.parse(row.ts) <= newest);
    // Same plays: played_at truncated to the second is ts, to the minute is endTime.
    expect(counted.map((row) => [row.ts, row.spotify_track_uri]).reverse()).toEqual(
      recent.map((item) => [`${item.played_at.slice(0, 19)}Z`, item.track.uri]),
    );
    for (const item of recent) {
      const row = counted.find((r) => r.spotify_track_uri === item.track.uri && r.ts === `${item.played_at.slice(0, 19)}Z`)!;
      expect(row.master_metadata_track_name).toBe(item.track.name);
      expect(row.master_metadata_album_album_name).toBe(item.track.album.name);
      expect(row.master_metadata_album_artist_name).toBe(item.track.album.artists[0].name);
      const endTime = item.played_at.slice(0, 16).replace('T', ' ');
      expect(basic).toContainEqual({ endTime, artistName: item.track.artists[0].name, trackName: item.track.name, msPlayed: row.ms_played });
    }
  });

  it("gives the heavy seeded listener more than 10,000 rows over 120 days, and the same rows every time", async () => {
    const { rows } = await exportRows<StreamingHistoryRow>('listener1', 'days=120&format=basic');
    expect(rows.length).toBeGreaterThan(10_000);
    const again = await exportRows<StreamingHistoryRow>('listener1', 'days=120&format=basic');
    expect(again.rows).toEqual(rows);
    const lastDay = await exportRows<StreamingHistoryRow>('listener1', 'days=1&format=basic');
    expect(rows.slice(rows.length - lastDay.rows.length)).toEqual(lastDay.rows);
  });

  it('exports any user id, with or without an account', async () => {
    const { rows } = await exportRows<ExtendedStreamingHistoryRow>('not-an-account.42', 'format=extended');
    expect(rows.length).toBeGreaterThan(100);
  });

  it('refuses bad parameters with 400', async () => {
    for (const query of ['days=0', 'days=121', 'days=ten', 'format=csv']) {
      const res = await fetch(`${h.url}/spotify/__sandbox/export/listener1?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('invalid_request');
    }
    expect((await fetch(`${h.url}/spotify/__sandbox/export/bad%20id`)).status).toBe(400);
  });
});
