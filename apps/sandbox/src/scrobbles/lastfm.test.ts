import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStreamingHarness, type StreamingHarness } from '../streaming/testing/harness.js';
import { LASTFM_MAX_LIMIT, LASTFM_SANDBOX_API_KEY, LASTFM_SANDBOX_SHARED_SECRET, lastfmSignature } from './lastfm.js';

const KEY = LASTFM_SANDBOX_API_KEY;
const CALLBACK = 'http://app.test/api/listening/sources/lastfm/callback?state=abc';

/**
 * Last.fm's stand-in against the shapes of Last.fm's API documentation: the web authentication
 * flow (auth page → cb?token → auth.getSession signed with api_sig), user.getInfo,
 * user.getRecentTracks (paging, from/to, the "now playing" entry) and the error JSON.
 */
describe('Last.fm stand-in', () => {
  let harness: StreamingHarness;
  const call = async (params: Record<string, string>, sign = false) => {
    const all: Record<string, string> = { api_key: KEY, ...params };
    if (sign) all.api_sig = lastfmSignature(all, LASTFM_SANDBOX_SHARED_SECRET);
    all.format = 'json';
    const res = await fetch(`${harness.url}/lastfm/2.0/?${new URLSearchParams(all)}`);
    return { status: res.status, body: (await res.json()) as any };
  };

  /** The browser's part of the web flow: the auth page, the user allows, back at cb with a token. */
  async function authorise(userName: string): Promise<string> {
    const page = await fetch(`${harness.url}/lastfm/api/auth/?api_key=${KEY}&cb=${encodeURIComponent(CALLBACK)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Yes, allow access');
    const allowed = await fetch(`${harness.url}/lastfm/api/auth/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: KEY, cb: CALLBACK, username: userName, decision: 'allow' }),
      redirect: 'manual',
    });
    expect(allowed.status).toBe(302);
    const back = new URL(allowed.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('http://app.test/api/listening/sources/lastfm/callback');
    expect(back.searchParams.get('state')).toBe('abc');
    return back.searchParams.get('token')!;
  }

  beforeAll(async () => {
    harness = await startStreamingHarness();
    // The generated catalogue is built once per process (seconds on a busy machine): not inside a test's time.
    void harness.api.listening.recent('listener2', harness.now());
    // listener2 is also the sandbox Spotify's listener2: the same plays, scrobbled.
    expect((await harness.send('POST', '/lastfm/__admin/users', { name: 'lfmfan', listener: 'listener2' })).status).toBe(201);
  }, 60_000);
  afterAll(() => harness.close());

  it('runs the web authentication flow: a token at the callback, one session for it with a right api_sig', async () => {
    const token = await authorise('lfmfan');
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(await call({ method: 'auth.getSession', token, api_sig: '0'.repeat(32) })).toEqual({ status: 403, body: { error: 13, message: 'Invalid method signature supplied' } });
    const session = await call({ method: 'auth.getSession', token }, true);
    expect(session.status).toBe(200);
    // Their sample response, as JSON.
    expect(session.body).toEqual({ session: { name: 'lfmfan', key: expect.stringMatching(/^[0-9a-f]{32}$/), subscriber: 0 } });
    expect((await call({ method: 'auth.getSession', token }, true)).body).toEqual({ error: 4, message: 'Invalid authentication token supplied' });
    expect((await call({ method: 'auth.getSession' }, true)).body.error).toBe(6);

    const me = await call({ method: 'user.getInfo', sk: session.body.session.key }, true);
    expect(me.body.user).toMatchObject({ name: 'lfmfan', type: 'user', url: 'https://www.last.fm/user/lfmfan', registered: { unixtime: expect.stringMatching(/^\d+$/) } });
    expect(Number(me.body.user.playcount)).toBeGreaterThan(0);
  });

  it('answers recent tracks newest first in their documented shape, the track playing now first and undated', async () => {
    // Move the clock into listener2's next play: it is playing now.
    const next = harness.api.listening.plays('listener2', harness.now(), harness.now() + 86_400_000, harness.now() + 86_400_000).find((p) => p.startedAt > harness.now())!;
    harness.advance(next.startedAt + 5_000 - harness.now());
    const { status, body } = await call({ method: 'user.getRecentTracks', user: 'lfmfan' });
    expect(status).toBe(200);
    expect(Object.keys(body.recenttracks).sort()).toEqual(['@attr', 'track']);
    const attr = body.recenttracks['@attr'];
    expect(attr).toMatchObject({ user: 'lfmfan', page: '1', perPage: '50' });
    expect(Number(attr.total)).toBeGreaterThan(50);
    expect(attr.totalPages).toBe(String(Math.ceil(Number(attr.total) / 50)));
    const tracks = body.recenttracks.track as any[];
    const dated = tracks.filter((t) => t.date);
    expect(dated).toHaveLength(50);
    const track = dated[0];
    expect(Object.keys(track).sort()).toEqual(['album', 'artist', 'date', 'image', 'mbid', 'name', 'streamable', 'url']);
    expect(track.artist).toEqual({ mbid: expect.any(String), '#text': expect.any(String) });
    expect(track.album).toEqual({ mbid: expect.any(String), '#text': expect.any(String) });
    expect(track.date).toEqual({ uts: expect.stringMatching(/^\d+$/), '#text': expect.stringMatching(/^\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/) });
    expect(track.image.map((i: any) => i.size)).toEqual(['small', 'medium', 'large', 'extralarge']);
    const stamps = dated.map((t) => Number(t.date.uts));
    expect(stamps).toEqual([...stamps].sort((a, b) => b - a));
    expect(stamps[0] * 1000).toBeLessThan(harness.now());
    // The "now playing" entry leads page 1, beyond the limit.
    const playing = tracks.filter((t) => !t.date);
    expect(playing).toHaveLength(1);
    expect(tracks[0]['@attr']).toEqual({ nowplaying: 'true' });
    // Not on later pages, nor in a closed range of the past.
    expect(((await call({ method: 'user.getRecentTracks', user: 'lfmfan', page: '2' })).body.recenttracks.track as any[]).every((t) => t.date)).toBe(true);
    expect(((await call({ method: 'user.getRecentTracks', user: 'lfmfan', to: String(stamps[0]) })).body.recenttracks.track as any[]).every((t) => t.date)).toBe(true);
  });

  it('pages through the same history by page number and by from/to, without gaps', async () => {
    const byPage: number[] = [];
    for (let page = 1; ; page++) {
      const answer = (await call({ method: 'user.getRecentTracks', user: 'lfmfan', limit: '1000', page: String(page) })).body.recenttracks;
      expect(answer['@attr'].perPage).toBe(String(LASTFM_MAX_LIMIT));
      byPage.push(...(answer.track as any[]).filter((t) => t.date).map((t) => Number(t.date.uts)));
      if (page >= Number(answer['@attr'].totalPages)) break;
    }
    const byTo: number[] = [];
    for (let to = Math.ceil(harness.now() / 1000) + 1; ; ) {
      const tracks = ((await call({ method: 'user.getRecentTracks', user: 'lfmfan', limit: '200', to: String(to) })).body.recenttracks.track as any[]).filter((t) => t.date);
      if (tracks.length === 0) break;
      byTo.push(...tracks.map((t) => Number(t.date.uts)));
      to = Number(tracks.at(-1).date.uts);
    }
    expect(byPage.length).toBeGreaterThan(LASTFM_MAX_LIMIT * 3);
    expect(byTo).toEqual(byPage);
    // from is inclusive, to exclusive.
    const between = (await call({ method: 'user.getRecentTracks', user: 'lfmfan', from: String(byPage[20]), to: String(byPage[10]), limit: '200' })).body.recenttracks;
    expect((between.track as any[]).map((t) => Number(t.date.uts))).toEqual(byPage.slice(11, 21));
    expect(between['@attr'].total).toBe('10');
  }, 60_000);

  it('scrobbles the plays the sandbox Spotify reports for the same listener', async () => {
    const rows = (await harness.get('/spotify/__sandbox/export/listener2?days=7&format=extended')).body as any[];
    const tracks = ((await call({ method: 'user.getRecentTracks', user: 'lfmfan', limit: '100', page: '2' })).body.recenttracks.track as any[]).filter((t) => t.date);
    // A scrobble's uts is the play's start: Spotify's ts minus ms_played, to the second.
    const matched = tracks.filter((t) =>
      rows.some((row) => row.master_metadata_track_name === t.name && Math.abs(Date.parse(row.ts) - row.ms_played - Number(t.date.uts) * 1000) < 2000),
    );
    expect(matched.length).toBe(tracks.length);
  });

  it('answers errors as { error, message } with Last.fm’s codes', async () => {
    expect(await call({ method: 'user.getRecentTracks', user: 'nobody' })).toEqual({ status: 404, body: { error: 6, message: 'User not found' } });
    expect((await call({ method: 'user.getRecentTracks', user: 'lfmfan', page: '0' })).body.error).toBe(6);
    expect((await call({ method: 'user.getRecentTracks', user: 'lfmfan', from: 'yesterday' })).body.error).toBe(6);
    expect((await call({ method: 'user.getNothing', user: 'lfmfan' })).body.error).toBe(3);
    expect((await call({ method: 'user.getRecentTracks', user: 'lfmfan', api_key: 'not-a-key' })).body.error).toBe(10);
    expect((await call({ method: 'user.getInfo', sk: 'f'.repeat(32) }, true)).body).toEqual({ error: 9, message: 'Invalid session key - Please re-authenticate' });
  });

  it('limits an API key per window with error 29, fails on demand, and forgets the sessions of a user who revoked access', async () => {
    await harness.send('POST', '/lastfm/__admin/rate-limit', { limit: 2, windowSeconds: 30 });
    await call({ method: 'user.getInfo', user: 'lfmfan' });
    await call({ method: 'user.getInfo', user: 'lfmfan' });
    expect(await call({ method: 'user.getInfo', user: 'lfmfan' })).toMatchObject({ status: 429, body: { error: 29 } });
    await harness.send('POST', '/lastfm/__admin/rate-limit', { limit: 1500, windowSeconds: 300 });

    await harness.send('POST', '/lastfm/__admin/faults', { next: 1, error: 'temporary', method: 'user.getRecentTracks' });
    expect(await call({ method: 'user.getRecentTracks', user: 'lfmfan' })).toMatchObject({ status: 503, body: { error: 16 } });
    expect((await call({ method: 'user.getRecentTracks', user: 'lfmfan' })).status).toBe(200);

    const key = (await call({ method: 'auth.getSession', token: await authorise('lfmfan') }, true)).body.session.key;
    expect((await call({ method: 'user.getInfo', sk: key }, true)).status).toBe(200);
    await harness.send('POST', '/lastfm/__admin/users/lfmfan/revoke');
    expect((await call({ method: 'user.getInfo', sk: key }, true)).body.error).toBe(9);
  });
});
