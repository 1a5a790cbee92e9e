import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStreamingHarness, type StreamingHarness } from '../streaming/testing/harness.js';
import { LISTENBRAINZ_MAX_COUNT } from './listenbrainz.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('ListenBrainz stand-in', () => {
  let harness: StreamingHarness;
  let token: string;
  const get = async (path: string, auth?: string) => {
    const res = await fetch(`${harness.url}/listenbrainz${path}`, { headers: auth ? { authorization: `Token ${auth}` } : {} });
    return { status: res.status, headers: res.headers, body: (await res.json()) as any };
  };

  beforeAll(async () => {
    harness = await startStreamingHarness();
    // The generated catalogue is built once per process (seconds on a busy machine): not inside a test's time.
    void harness.api.listening.recent('listener2', harness.now());
    // listener2 is also the sandbox Spotify's listener2: the same plays, scrobbled.
    token = (await harness.send('POST', '/listenbrainz/__admin/users', { userName: 'lbfan', listener: 'listener2' })).body.token;
  }, 60_000);
  afterAll(() => harness.close());

  it('validates a user token in their documented shape', async () => {
    const valid = await get('/1/validate-token', token);
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({ code: 200, message: 'Token valid.', valid: true, user_name: 'lbfan' });
    expect((await get('/1/validate-token', 'not-a-token')).body).toEqual({ code: 200, message: 'Token invalid.', valid: false });
    const missing = await get('/1/validate-token');
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ code: 400, error: 'You need to provide an Authorization token.' });
  });

  it('answers listens newest first with the fields of their JSON documentation', async () => {
    const { status, body, headers } = await get('/1/user/lbfan/listens', token);
    expect(status).toBe(200);
    expect(headers.get('x-ratelimit-limit')).toBe('30');
    expect(Number(headers.get('x-ratelimit-reset-in'))).toBeGreaterThan(0);
    expect(Object.keys(body.payload).sort()).toEqual(['count', 'latest_listen_ts', 'listens', 'oldest_listen_ts', 'user_id']);
    expect(body.payload.count).toBe(25);
    const listens = body.payload.listens as any[];
    expect(listens.map((l) => l.listened_at)).toEqual([...listens.map((l) => l.listened_at)].sort((a, b) => b - a));
    expect(listens[0].listened_at).toBe(body.payload.latest_listen_ts);
    expect(listens[0].listened_at * 1000).toBeLessThan(harness.now());
    const listen = listens[0];
    expect(Object.keys(listen).sort()).toEqual(['inserted_at', 'listened_at', 'recording_msid', 'track_metadata', 'user_name']);
    expect(listen.recording_msid).toMatch(UUID);
    expect(listen.track_metadata).toMatchObject({ artist_name: expect.any(String), track_name: expect.any(String), release_name: expect.any(String) });
    expect(listen.track_metadata.additional_info.duration_ms).toBeGreaterThan(30_000);
    const mapped = listens.find((l) => l.track_metadata.mbid_mapping);
    expect(mapped.track_metadata.mbid_mapping.recording_mbid).toMatch(UUID);
    expect(mapped.track_metadata.mbid_mapping.artists[0]).toEqual({
      artist_credit_name: mapped.track_metadata.artist_name,
      artist_mbid: mapped.track_metadata.mbid_mapping.artist_mbids[0],
      join_phrase: expect.any(String),
    });
  });

  it('pages forward with min_ts and back with max_ts through the same history, without gaps', async () => {
    const forward: number[] = [];
    for (let minTs = 0; ; ) {
      const page = (await get(`/1/user/lbfan/listens?min_ts=${minTs}&count=${LISTENBRAINZ_MAX_COUNT}`, token)).body.payload;
      if (page.count === 0) break;
      const stamps = (page.listens as any[]).map((l) => l.listened_at);
      forward.push(...stamps.reverse());
      minTs = stamps.at(-1);
    }
    const backward: number[] = [];
    for (let maxTs = Math.ceil(harness.now() / 1000); ; ) {
      const page = (await get(`/1/user/lbfan/listens?max_ts=${maxTs}&count=2000`, token)).body.payload;
      if (page.count === 0) break;
      expect(page.count).toBeLessThanOrEqual(LISTENBRAINZ_MAX_COUNT);
      const stamps = (page.listens as any[]).map((l) => l.listened_at);
      backward.unshift(...[...stamps].reverse());
      maxTs = stamps.at(-1);
    }
    expect(forward.length).toBeGreaterThan(LISTENBRAINZ_MAX_COUNT);
    expect(backward).toEqual(forward);
    const between = (await get(`/1/user/lbfan/listens?min_ts=${forward[10]}&max_ts=${forward[20]}&count=100`, token)).body.payload;
    expect((between.listens as any[]).map((l) => l.listened_at).reverse()).toEqual(forward.slice(11, 20));
  }, 60_000);

  it('scrobbles the plays the sandbox Spotify reports for the same listener', async () => {
    const export_ = await harness.get('/spotify/__sandbox/export/listener2?days=7&format=extended');
    const plays = new Map<string, any>((export_.body as any[]).map((row) => [`${Date.parse(row.ts)}|${row.master_metadata_track_name}`, row]));
    const listens = (await get('/1/user/lbfan/listens?count=100', token)).body.payload.listens as any[];
    // A scrobble's listened_at is the play's start: its end, to the second, is Spotify's ts.
    const matched = listens.filter((l) =>
      [...plays.values()].some(
        (row) => row.master_metadata_track_name === l.track_metadata.track_name && Math.abs(Date.parse(row.ts) - row.ms_played - l.listened_at * 1000) < 2000,
      ),
    );
    expect(matched.length).toBe(listens.length);
  });

  it('answers bad parameters and unknown users in their error shape', async () => {
    expect(await get('/1/user/lbfan/listens?count=-1', token)).toMatchObject({ status: 400, body: { code: 400, error: "'count' should be a non-negative integer" } });
    expect(await get('/1/user/lbfan/listens?min_ts=20&max_ts=10', token)).toMatchObject({ status: 400, body: { error: 'min_ts should be less than max_ts' } });
    expect(await get('/1/user/nobody/listens', token)).toMatchObject({ status: 404, body: { code: 404, error: 'Cannot find user: nobody' } });
  });

  it('limits each token per window with 429 and the headers saying when to come back', async () => {
    await harness.send('POST', '/listenbrainz/__admin/rate-limit', { limit: 2, windowSeconds: 30 });
    const first = await get('/1/validate-token', token);
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
    await get('/1/validate-token', token);
    const limited = await get('/1/user/lbfan/listens', token);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(429);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('x-ratelimit-reset-in'))).toBeGreaterThanOrEqual(29);
    await harness.send('POST', '/listenbrainz/__admin/rate-limit', { limit: 30, windowSeconds: 10 });
  });

  it('fails requests on demand and forgets a token the user reset', async () => {
    await harness.send('POST', '/listenbrainz/__admin/faults', { next: 1, status: 503 });
    expect((await get('/1/user/lbfan/listens', token)).status).toBe(503);
    expect((await get('/1/user/lbfan/listens', token)).status).toBe(200);
    await harness.send('POST', '/listenbrainz/__admin/users/lbfan/revoke');
    expect((await get('/1/validate-token', token)).body.valid).toBe(false);
  });
});
