import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SchedulePolls } from '#pie/listening/testing';
import { QueueRegistry } from '#pie/platform';
import { SpotifyWebApi } from '../../../libs/listening/src/provider/spotify-web-api.js';
import { logIn, makeAccount, type TestAccount } from '../../support/accounts.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { calmSandbox, connectSpotify, daysAgo, makeArtist, makeTrack, quietUtcOffsetMinutes, sandbox, seedPlays } from './listening-fixtures.js';

type Row = Record<string, unknown>;

/**
 * Listening under the conditions that break it (issue 10 items 7–9): another fan's privacy on an
 * artist's fan list, one play arriving from the provider and from the export files, an import whose
 * job was lost, a disconnection while a poll is on its way.
 */
describe('listening robustness', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let accounts = 0;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'listen-robust' });
    sql = openSql(platform.database.url);
    await calmSandbox(platform);
    await sandbox(platform, 'POST', '/spotify/__admin/rate-limit', { enabled: false });
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  async function signedInFan(): Promise<{ fan: TestAccount; cookies: Record<string, string> }> {
    const fan = await makeAccount(sql, 'fan');
    return { fan, cookies: (await logIn(platform, fan)).cookies };
  }

  /** A fresh sandbox Spotify account that listens every day, in the middle of its night now (exactly as `twinOf` does, when given). */
  async function sandboxListener(twinOf?: string): Promise<string> {
    const spotifyId = `robustlistener${++accounts}`;
    await sandbox(platform, 'POST', '/spotify/__admin/accounts', { id: spotifyId, displayName: `Listener ${accounts}`, email: `${spotifyId}@spotify.sandbox` });
    const profile = twinOf
      ? (await sandbox(platform, 'GET', `/spotify/__admin/listeners/${twinOf}`))
      : { hoursPerDay: 6, offDayRate: 0, utcOffsetMinutes: quietUtcOffsetMinutes() };
    await sandbox(platform, 'POST', `/spotify/__admin/listeners/${spotifyId}`, twinOf ? { ...(profile.profile ?? profile) } : profile);
    return spotifyId;
  }

  const playsOf = (fanId: string) => sql.value<number>(`select count(*)::int from listening.plays where fan_id = $1`, [fanId]);
  const trustedPlaysOf = (fanId: string) => sql.value<number>(`select count(*)::int from listening.plays where fan_id = $1 and trusted`, [fanId]);
  const stateOf = async (fanId: string) => (await sql.query(`select * from listening.fan_listening_state where fan_id = $1`, [fanId]))[0];
  const queue = () => platform.api.get(QueueRegistry).get('listening');

  async function upload(cookies: Record<string, string>, fileName: string, rows: Row[]): Promise<string> {
    const response = await platform.request('POST', '/api/listening/imports', { cookies, body: { fileName, totalChunks: 1, rows } });
    expect(response.status, JSON.stringify(response.body)).toBe(202);
    return response.body.data.id;
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

  /** Every play of the fan is on a track the catalogue has confirmed (name-only entries merged in). */
  async function catalogueSettled(fanId: string): Promise<void> {
    await eventually(
      'the catalogue lookups',
      async () =>
        (await sql.value<number>(
          `select count(*)::int from listening.plays p join listening.tracks t on t.id = p.track_id where p.fan_id = $1 and t.metadata_fetched_at is null`,
          [fanId],
        )) === 0,
      60_000,
      200,
    );
  }

  it('an artist’s fan list names a fan only when their top artists are public; a public profile alone is not enough', async () => {
    const artist = await makeArtist(sql, { name: 'Quiet Harbour' });
    const track = await makeTrack(sql, [artist]);
    const { fan, cookies } = await signedInFan();
    await seedPlays(platform, fan.id, [{ track, at: daysAgo(1), ms: 120_000 }]);
    const fans = () => platform.request('GET', `/api/artists/${artist}/fans`);

    expect((await fans()).body.data).toEqual({ total_fans: 1, fans: [] });
    // A public profile with private top artists: still counted, never named.
    expect((await platform.request('PUT', '/api/user/visibility', { cookies, body: { profile: true, top_tracks: true, recent_listening: true } })).status).toBe(200);
    expect((await fans()).body.data).toEqual({ total_fans: 1, fans: [] });
    expect((await platform.request('PUT', '/api/user/visibility', { cookies, body: { top_artists: true } })).status).toBe(200);
    expect((await fans()).body.data).toEqual({ total_fans: 1, fans: [{ _id: fan.id, username: null, listened_ms: 120_000, plays: 1 }] });
  });

  it('a poll overlapping both export files stores each play once (the sandbox’s own data), and only polled plays are trusted', async () => {
    const spotifyId = await sandboxListener();
    const basic: Row[] = await sandbox(platform, 'GET', `/spotify/__sandbox/export/${spotifyId}?days=2&format=basic`);
    const extended: Row[] = await sandbox(platform, 'GET', `/spotify/__sandbox/export/${spotifyId}?days=2&format=extended`);
    // Each real play is one extended row (to the second); the basic file says the same to the minute.
    expect(basic.length).toBe(extended.length);
    const recentWindow = 50;
    expect(extended.length).toBeGreaterThan(recentWindow);

    // Polled first: the last 50 plays (of 30 s or more), from the provider.
    const { fan, cookies } = await signedInFan();
    await connectSpotify(platform, cookies, spotifyId);
    await eventually('the first poll', async () => (await playsOf(fan.id)) === recentWindow, 30_000);

    // Then the basic export (minutes), then the extended one (seconds), of the same two days.
    expect((await finished(cookies, await upload(cookies, 'StreamingHistory_music_0.json', basic))).status).toBe('completed');
    expect((await finished(cookies, await upload(cookies, 'Streaming_History_Audio_2026_0.json', extended))).status).toBe('completed');
    await catalogueSettled(fan.id);
    expect(await playsOf(fan.id)).toBe(extended.length);
    expect(await trustedPlaysOf(fan.id)).toBe(recentWindow);
    // The read models agree with the plays.
    const activity = await platform.request('GET', '/api/user/activity', { cookies });
    expect(activity.body.data.totals.plays).toBe(extended.length);
    const exportedMs = extended.reduce((sum, row) => sum + Number(row.ms_played), 0);
    const storedMs = await sql.value<number>(`select sum(ms_played)::float8 from listening.plays where fan_id = $1`, [fan.id]);
    expect(activity.body.data.totals.listened_ms).toBe(storedMs);
    expect(storedMs).toBeGreaterThan(0.9 * exportedMs);

    // The other way round: the export first, then the poll confirms the 50 plays it also saw
    // (another Spotify account with the same listening: one account links to one fan).
    const twin = await sandboxListener(spotifyId);
    const other = await signedInFan();
    expect((await finished(other.cookies, await upload(other.cookies, 'StreamingHistory_music_0.json', basic))).status).toBe('completed');
    const fromExport = await playsOf(other.fan.id);
    expect(await trustedPlaysOf(other.fan.id)).toBe(0);
    await connectSpotify(platform, other.cookies, twin);
    await eventually('the poll to confirm the exported plays', async () => (await trustedPlaysOf(other.fan.id)) === recentWindow, 30_000);
    expect(await playsOf(other.fan.id)).toBe(fromExport);
  });

  it('an uploaded export moves no popularity: only plays the platform can trust count, each fan once', async () => {
    const artist = await makeArtist(sql, { name: 'Uploaded Only' });
    const track = await makeTrack(sql, [artist], { name: 'Claimed Song' });
    const { cookies } = await signedInFan();
    const ts = new Date(Date.now() - 3_600_000);
    const rows = Array.from({ length: 40 }, (_, n) => ({
      ts: `${new Date(ts.getTime() - n * 240_000).toISOString().slice(0, 19)}Z`,
      ms_played: 200_000,
      master_metadata_track_name: 'Claimed Song',
      master_metadata_album_artist_name: 'Uploaded Only',
      spotify_track_uri: `spotify:track:${track.providerId}`,
    }));
    expect((await finished(cookies, await upload(cookies, 'Streaming_History_Audio_2026_1.json', rows))).status).toBe('completed');
    const details = await platform.request('GET', `/api/artists/details/${artist}`);
    expect(details.body.data).toMatchObject({ listeners_28d: 0, total_listeners: 0 });
    expect((await platform.request('GET', `/api/artists/${artist}/fans`)).body.data.total_fans).toBe(0);
  });

  it('names from an uploaded export stay out of the browsable catalogue until the provider confirms them; the uploader still sees their plays', async () => {
    const { cookies } = await signedInFan();
    const other = await signedInFan();
    const rows = [{ endTime: '2026-01-05 10:00', artistName: 'Made Up Band', trackName: 'Not A Real Song', msPlayed: 90_000 }];
    expect((await finished(cookies, await upload(cookies, 'StreamingHistory_music_0.json', rows))).status).toBe('completed');
    const mine = (await platform.request('GET', '/api/artists/user', { cookies })).body.data as { id: string; name: string; spotify_id: string | null }[];
    expect(mine).toEqual([expect.objectContaining({ name: 'Made Up Band', spotify_id: null })]);
    expect((await platform.request('GET', `/api/artists/details/user/${mine[0].id}`, { cookies })).status).toBe(200);
    // Nobody browsing the catalogue meets it, and its page (reachable from the uploader's lists)
    // lists none of the uploaded names and no listeners.
    expect((await platform.request('GET', '/api/artists?search=Made%20Up', { cookies: other.cookies })).body.data).toEqual([]);
    expect((await platform.request('GET', `/api/artists/${mine[0].id}/top-tracks`)).body.data).toEqual([]);
    expect((await platform.request('GET', `/api/artists/details/${mine[0].id}`)).body.data).toMatchObject({ listeners_28d: 0, total_listeners: 0 });
  });

  it('an import whose job was lost is queued again and completes; one that keeps stalling is marked failed and frees the fan’s upload slots', async () => {
    const { fan, cookies } = await signedInFan();
    const rows = (n: number) => [{ endTime: `2026-01-0${n} 10:00`, artistName: 'Lost Artist', trackName: `Lost Song ${n}`, msPlayed: 90_000 }];
    // Three uploads whose last chunk never came: the fan's open-uploads limit is reached.
    const open: string[] = [];
    for (let n = 1; n <= 3; n++) {
      const started = await platform.request('POST', '/api/listening/imports', { cookies, body: { fileName: `part${n}.json`, totalChunks: 2, rows: rows(n) } });
      expect(started.status).toBe(202);
      open.push(started.body.data.id);
    }
    expect((await platform.request('POST', '/api/listening/imports', { cookies, body: { fileName: 'more.json', rows: rows(4) } })).status).toBe(409);

    // The first was queued but its message never reached the worker (a crash, a lost job) ten minutes ago;
    // the other two stalled the same way after using up their recoveries.
    await sql.query(`update listening.imports set status = 'queued', total_chunks = 1, updated_at = now() - interval '11 minutes' where id = $1`, [open[0]]);
    await sql.query(`update listening.imports set status = 'processing', total_chunks = 1, recoveries = 3, updated_at = now() - interval '11 minutes' where id = any($1::uuid[])`, [
      open.slice(1),
    ]);
    await queue().add(SchedulePolls.name, SchedulePolls.create({}));

    const recovered = await finished(cookies, open[0]);
    expect(recovered).toMatchObject({ status: 'completed', inserted_rows: 1 });
    expect(await playsOf(fan.id)).toBe(1);
    for (const id of open.slice(1)) {
      expect(await finished(cookies, id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/upload the file again/) });
    }
    // Nothing counts against the limit any more.
    expect((await platform.request('POST', '/api/listening/imports', { cookies, body: { fileName: 'more.json', rows: rows(4) } })).status).toBe(202);
  });

  it('a fan who disconnects while a poll is on its way stays disconnected; the poll never reconnects them', async () => {
    const spotifyId = await sandboxListener();
    const { fan, cookies } = await signedInFan();
    await connectSpotify(platform, cookies, spotifyId);
    await eventually('the first poll', async () => (await playsOf(fan.id)) === 50, 30_000);
    // Plays the next poll will find.
    await sandbox(platform, 'POST', '/spotify/__admin/clock', { advanceMs: 0 });
    await sql.query(`update listening.fan_listening_state set last_played_at = last_played_at - interval '2 hours' where fan_id = $1`, [fan.id]);

    const spotify = platform.api.get(SpotifyWebApi);
    const original = spotify.recentlyPlayed.bind(spotify);
    const spy = vi.spyOn(spotify, 'recentlyPlayed').mockImplementationOnce(async (...args) => {
      const page = await original(...args);
      // The provider has answered; before the plays are stored, the fan disconnects Spotify in settings.
      const disconnected = await platform.request('POST', '/api/auth/disconnect-spotify', { cookies });
      expect(disconnected.status).toBe(200);
      await eventually('the disconnection to reach listening', async () => (await stateOf(fan.id)).status === 'disconnected', 20_000);
      return page;
    });
    try {
      const sync = await platform.request('GET', '/api/tracks/user/fetchLatestFromSpotify', { cookies });
      expect(sync.status, JSON.stringify(sync.body)).toBe(200);
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
    expect((await stateOf(fan.id)).status).toBe('disconnected');
    const activity = await platform.request('GET', '/api/user/activity', { cookies });
    expect(activity.body.data.connection).toMatchObject({ status: 'disconnected', next_sync_at: null });
    // And the schedule does not pick them up again.
    await queue().add(SchedulePolls.name, SchedulePolls.create({}));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await stateOf(fan.id)).status).toBe('disconnected');
  });

  it('one bad item from the provider (an empty or a 501-character name) is skipped and logged; the rest of the poll is stored', async () => {
    const spotifyId = await sandboxListener();
    const { fan, cookies } = await signedInFan();
    const spotify = platform.api.get(SpotifyWebApi);
    const original = spotify.recentlyPlayed.bind(spotify);
    const bad = vi.spyOn(spotify, 'recentlyPlayed').mockImplementation(async (...args) => {
      const page = await original(...args);
      const items = page.items.map((item, index) =>
        index === 0 ? { ...item, track: { ...item.track, name: '' } } : index === 1 ? { ...item, track: { ...item.track, artists: [{ ...item.track.artists[0], name: 'x'.repeat(501) }] } } : item,
      );
      return { ...page, items };
    });
    try {
      // Connecting makes the worker poll (its own client); once that is done, the fan's plays are
      // forgotten and a manual sync reads the same page through the spied client.
      await connectSpotify(platform, cookies, spotifyId);
      await eventually('the first poll', async () => (await playsOf(fan.id)) === 50, 30_000);
      await sql.query(`delete from listening.plays where fan_id = $1`, [fan.id]);
      await sql.query(`update listening.fan_listening_state set last_played_at = null where fan_id = $1`, [fan.id]);
      const sync = await platform.request('GET', '/api/tracks/user/fetchLatestFromSpotify', { cookies });
      expect(sync.status, JSON.stringify(sync.body)).toBe(200);
      expect(sync.body.data).toMatchObject({ fetched: 48, inserted: 48 });
    } finally {
      bad.mockRestore();
    }
    expect(await sql.value<number>(`select count(*)::int from listening.artists where length(name) > 500`)).toBe(0);
  });

  it('a deleted fan’s poll that finishes late stores nothing and brings nothing back', async () => {
    const spotifyId = await sandboxListener();
    const { fan, cookies } = await signedInFan();
    await connectSpotify(platform, cookies, spotifyId);
    await eventually('the first poll', async () => (await playsOf(fan.id)) === 50, 30_000);
    await sql.query(`update listening.fan_listening_state set last_played_at = null where fan_id = $1`, [fan.id]);
    const spotify = platform.api.get(SpotifyWebApi);
    const original = spotify.recentlyPlayed.bind(spotify);
    const spy = vi.spyOn(spotify, 'recentlyPlayed').mockImplementationOnce(async (...args) => {
      const page = await original(...args);
      // Listening forgets the fan (as the account-deleted listener does) before the plays are stored.
      await sql.query(`delete from listening.plays where fan_id = $1`, [fan.id]);
      await sql.query(`delete from listening.fan_listening_state where fan_id = $1`, [fan.id]);
      return page;
    });
    try {
      await platform.request('GET', '/api/tracks/user/fetchLatestFromSpotify', { cookies });
    } finally {
      spy.mockRestore();
    }
    expect(await playsOf(fan.id)).toBe(0);
    expect(await stateOf(fan.id)).toBeUndefined();
  });
});
