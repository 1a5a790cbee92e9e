import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FanIngestion, LASTFM_REVOKED_REASON, LATE_SCROBBLE_WINDOW_S, LastfmSource, ListenBrainzSource, POLL_OVERLAP_S } from '#pie/listening/testing';
import { logIn, makeAccount } from '../../support/accounts.js';
import { openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { calmSandbox, connectSpotify, quietUtcOffsetMinutes, sandbox } from './listening-fixtures.js';

interface RecentTrack {
  name: string;
  artist: { '#text': string };
  date?: { uts: string };
}

/**
 * Last.fm as a listening source (issue 33): connect through Last.fm's web authentication (the
 * sandbox's page, a signed auth.getSession), a back-fill in pages that survives a failure half
 * way, polling, the rate limit's wait for every fan, a removed app marking the source broken, and
 * a listen that Spotify, ListenBrainz and Last.fm all reported stored once.
 */
describe('Last.fm source', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let source: LastfmSource;
  let users = 0;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'lastfm', worker: false });
    sql = openSql(platform.database.url);
    await calmSandbox(platform);
    await sandbox(platform, 'POST', '/spotify/__admin/rate-limit', { enabled: false });
    source = platform.api.get(LastfmSource);
  }, 120_000);
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  /** A Last.fm account scrobbling a generated listener who is asleep now (no listen ends mid-test). */
  async function lastfmUser(hoursPerDay: number, listener?: string): Promise<{ name: string; listener: string }> {
    const name = `lfmuser${++users}`;
    const mirrored = listener ?? `lfmlistener${users}`;
    await sandbox(platform, 'POST', `/spotify/__admin/listeners/${mirrored}`, { hoursPerDay, offDayRate: 0, utcOffsetMinutes: quietUtcOffsetMinutes() });
    await sandbox(platform, 'POST', '/lastfm/__admin/users', { name, listener: mirrored });
    return { name, listener: mirrored };
  }

  /** Settings' "Connect Last.fm": the authorisation URL, the sandbox's page (allow), back at the callback. */
  async function connect(cookies: Record<string, string>, name: string, tamper?: (callback: URL) => void) {
    const start = await platform.request('POST', '/api/listening/sources/lastfm', { cookies });
    expect(start.status, JSON.stringify(start.body)).toBe(201);
    const page = new URL(start.body.data.url);
    expect(page.pathname).toBe('/lastfm/api/auth/');
    expect(page.searchParams.get('api_key')).toBe('pie-local-lastfm');
    const allowed = await fetch(`${page.origin}${page.pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: page.searchParams.get('api_key')!, cb: page.searchParams.get('cb')!, username: name, decision: 'allow' }),
      redirect: 'manual',
    });
    const callback = new URL(allowed.headers.get('location')!);
    tamper?.(callback);
    return platform.request('GET', `${callback.pathname}${callback.search}`, { cookies });
  }

  async function allTracks(name: string): Promise<RecentTrack[]> {
    const tracks: RecentTrack[] = [];
    for (let page = 1; ; page++) {
      const body = await sandbox(platform, 'GET', `/lastfm/2.0/?method=user.getRecentTracks&user=${name}&limit=200&page=${page}&api_key=pie-local-lastfm&format=json`);
      tracks.push(...(body.recenttracks.track as RecentTrack[]).filter((t) => t.date));
      if (page >= Number(body.recenttracks['@attr'].totalPages)) return tracks;
    }
  }

  const playsOf = (fanId: string, from = 'lastfm') => sql.value<number>(`select count(*)::int from listening.plays where fan_id = $1 and source = $2`, [fanId, from]);
  const stateOf = async (fanId: string) => (await sql.query(`select * from listening.scrobble_sources where fan_id = $1 and kind = 'lastfm'`, [fanId]))[0];
  const signedIn = async () => {
    const fan = await makeAccount(sql, 'fan');
    return { fan, cookies: (await logIn(platform, fan)).cookies };
  };

  async function syncUntilDone(fanId: string): Promise<number> {
    for (let run = 1; run <= 50; run++) {
      const outcome = await source.sync(fanId);
      if (outcome.kind !== 'backfilling') return run;
    }
    throw new Error('the back-fill never finished');
  }

  it('connects through Last.fm’s web authentication, keeps the session key sealed, and refuses a callback that is not the fan’s', async () => {
    const { fan, cookies } = await signedIn();
    const { name } = await lastfmUser(1);
    const back = await connect(cookies, name);
    expect(back.status).toBe(302);
    expect(back.headers.location).toBe('/settings?source=lastfm&result=connected');
    const state = await stateOf(fan.id);
    expect(state).toMatchObject({ status: 'backfilling', user_name: name });
    expect(state.token_sealed).toMatch(/\S{40,}/);
    expect(state.token_sealed).not.toMatch(/^[0-9a-f]{32}$/);
    const listed = await platform.request('GET', '/api/listening/sources', { cookies });
    expect(listed.body.data.map((s: { source: string; status: string }) => [s.source, s.status])).toEqual([
      ['listenbrainz', 'not-connected'],
      ['lastfm', 'backfilling'],
    ]);

    // Another fan's round trip (or a forged state) connects nobody.
    const other = await signedIn();
    const forged = await connect(other.cookies, name, (callback) => callback.searchParams.set('state', `${Date.now() + 60_000}.forged`));
    expect(forged.headers.location).toBe('/settings?source=lastfm&result=failed&code=listening.lastfm-auth-failed');
    expect(await stateOf(other.fan.id)).toBeUndefined();
    // The fan said no on Last.fm's page: back without a token.
    const start = await platform.request('POST', '/api/listening/sources/lastfm', { cookies: other.cookies });
    const cb = new URL(new URL(start.body.data.url).searchParams.get('cb')!);
    expect((await platform.request('GET', `${cb.pathname}${cb.search}`, { cookies: other.cookies })).headers.location).toBe('/settings?source=lastfm&result=denied');
    expect((await platform.request('GET', `${cb.pathname}${cb.search}&extra=1`, { cookies: other.cookies })).status).toBe(400);
  });

  it('back-fills the whole history in pages, resumes after a failure half way, then polls what is new', async () => {
    const { fan, cookies } = await signedIn();
    const { name } = await lastfmUser(4);
    const history = await allTracks(name);
    expect(history.length).toBeGreaterThan(2_000);
    await connect(cookies, name);

    // The second page fails: the first page's plays and the cursor are in, nothing else.
    await sandbox(platform, 'POST', '/lastfm/__admin/faults', { next: 1, error: 'operationFailed', method: 'user.getRecentTracks', skip: 1 });
    await expect(source.sync(fan.id)).rejects.toThrow(/error 8/);
    expect(await playsOf(fan.id)).toBe(200);
    const halfway = await stateOf(fan.id);
    expect(halfway.status).toBe('backfilling');
    expect(Number(halfway.backfilled_listens)).toBe(200);
    const progress = (await platform.request('GET', '/api/listening/sources', { cookies })).body.data[1];
    expect(progress.backfill.listens).toBe(200);
    expect(progress.backfill.percent).toBeGreaterThan(0);

    await syncUntilDone(fan.id);
    expect(await playsOf(fan.id)).toBe(history.length);
    const done = await stateOf(fan.id);
    expect(done.status).toBe('connected');
    expect(Number(done.backfilled_listens)).toBe(history.length);
    // The next poll well inside two hours.
    expect(new Date(done.next_sync_at).getTime()).toBeGreaterThan(Date.now() + 40 * 60_000);
    expect(new Date(done.next_sync_at).getTime()).toBeLessThan(Date.now() + 70 * 60_000);

    // Eight days later the listener has been at it again (more than a page): the poll reads the new pages, oldest first, and stores exactly them.
    await sandbox(platform, 'POST', '/spotify/__admin/clock', { advanceMs: 8 * 24 * 3_600_000 });
    try {
      const newestRead = Math.max(...history.map((t) => Number(t.date!.uts)));
      const newer = (await allTracks(name)).filter((t) => Number(t.date!.uts) > newestRead).length;
      expect(newer).toBeGreaterThan(200);
      expect(await source.sync(fan.id)).toMatchObject({ kind: 'polled', inserted: newer, late: 0 });
      expect(await playsOf(fan.id)).toBe(history.length + newer);
      expect(await source.sync(fan.id)).toMatchObject({ kind: 'polled', inserted: 0, late: 0 });
    } finally {
      await sandbox(platform, 'POST', '/spotify/__admin/clock', { offsetMs: 0 });
    }
  }, 240_000);

  it('never stores the track Last.fm says is playing now', async () => {
    const { fan, cookies } = await signedIn();
    const name = `lfmuser${++users}`;
    const listener = `lfmlistener${users}`;
    // Awake now (local 15:30), listening most of the day.
    await sandbox(platform, 'POST', `/spotify/__admin/listeners/${listener}`, { hoursPerDay: 16, offDayRate: 0, utcOffsetMinutes: ((quietUtcOffsetMinutes() + 12 * 60 + 720) % 1440) - 720 });
    await sandbox(platform, 'POST', '/lastfm/__admin/users', { name, listener });
    await connect(cookies, name);
    await syncUntilDone(fan.id);
    const page1 = async () =>
      (await sandbox(platform, 'GET', `/lastfm/2.0/?method=user.getRecentTracks&user=${name}&limit=200&api_key=pie-local-lastfm&format=json`)).recenttracks.track as Array<
        RecentTrack & { '@attr'?: { nowplaying: string } }
      >;
    try {
      // Move on until Last.fm reports a track playing now (page 1 leads with it, undated).
      let playing = false;
      for (let step = 0; step < 120 && !playing; step++) {
        await sandbox(platform, 'POST', '/spotify/__admin/clock', { advanceMs: 20_000 });
        playing = (await page1())[0]?.['@attr']?.nowplaying === 'true';
      }
      expect(playing).toBe(true);
      const before = (await allTracks(name)).length;
      const outcome = await source.sync(fan.id);
      const after = (await allTracks(name)).length;
      expect(outcome.kind).toBe('polled');
      // Every dated scrobble once, the playing track not: exact unless a play ended during the sync.
      const stored = await playsOf(fan.id);
      expect(stored).toBeGreaterThanOrEqual(before);
      expect(stored).toBeLessThanOrEqual(after);
      if (before === after) expect(stored).toBe(before);
    } finally {
      await sandbox(platform, 'POST', '/spotify/__admin/clock', { offsetMs: 0 });
    }
  }, 180_000);

  it('on Last.fm’s rate limit (error 29) waits, and every fan waits with it: the limit is the app’s', async () => {
    const first = await signedIn();
    const second = await signedIn();
    await connect(first.cookies, (await lastfmUser(1)).name);
    await connect(second.cookies, (await lastfmUser(1)).name);
    await sandbox(platform, 'POST', '/lastfm/__admin/rate-limit', { limit: 1, windowSeconds: 300 });
    try {
      const outcome = await source.sync(first.fan.id);
      expect(outcome).toEqual({ kind: 'rate-limited', retryAfterMs: 60_000 });
      expect(new Date((await stateOf(first.fan.id)).next_sync_at).getTime()).toBeGreaterThan(Date.now() + 50_000);
      // The other fan's sync does not even ask Last.fm.
      await sandbox(platform, 'POST', '/lastfm/__admin/rate-limit', { limit: 1500, windowSeconds: 300 });
      const waiting = await source.sync(second.fan.id);
      expect(waiting.kind).toBe('rate-limited');
      expect(await playsOf(second.fan.id)).toBe(0);
    } finally {
      await sandbox(platform, 'POST', '/lastfm/__admin/rate-limit', { limit: 1500, windowSeconds: 300 });
      await sql.query(`delete from listening.provider_cooldowns where provider = 'lastfm'`);
    }
    await syncUntilDone(first.fan.id);
    expect((await stateOf(first.fan.id)).status).toBe('connected');
  }, 120_000);

  it('marks the source broken with the reason when the fan removed Pie on Last.fm; disconnecting stops polling and forgets the key', async () => {
    const { fan, cookies } = await signedIn();
    const { name } = await lastfmUser(1);
    await connect(cookies, name);
    await syncUntilDone(fan.id);
    await sandbox(platform, 'POST', `/lastfm/__admin/users/${name}/revoke`);
    expect(await source.sync(fan.id)).toEqual({ kind: 'broken', reason: LASTFM_REVOKED_REASON });
    const listed = await platform.request('GET', '/api/listening/sources', { cookies });
    expect(listed.body.data[1]).toMatchObject({ source: 'lastfm', status: 'broken', broken_reason: LASTFM_REVOKED_REASON, next_sync_at: null });
    expect(await source.sync(fan.id)).toEqual({ kind: 'not-connected' });

    // Connecting again mends it.
    await connect(cookies, name);
    expect((await stateOf(fan.id)).status).toBe('backfilling');
    const removed = await platform.request('DELETE', '/api/listening/sources/lastfm', { cookies });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ status: 'disconnected', next_sync_at: null });
    expect(await stateOf(fan.id)).toMatchObject({ status: 'disconnected', token_sealed: null });
    expect(await source.sync(fan.id)).toEqual({ kind: 'not-connected' });
    // The scheduler claims nothing of it.
    await sql.query(`update listening.scrobble_sources set next_sync_at = now() - interval '1 hour' where fan_id = $1`, [fan.id]);
    expect(await sql.value<number>(`select count(*)::int from listening.scrobble_sources where fan_id = $1 and status in ('backfilling', 'connected')`, [fan.id])).toBe(0);
  }, 120_000);

  it('counts a listen that Spotify, ListenBrainz and Last.fm all reported once', async () => {
    const { fan, cookies } = await signedIn();
    const spotifyId = `lfmtwin${++users}`;
    await sandbox(platform, 'POST', '/spotify/__admin/accounts', { id: spotifyId, displayName: 'Triplet', email: `${spotifyId}@spotify.sandbox` });
    const { name } = await lastfmUser(3, spotifyId);
    const { token } = await sandbox(platform, 'POST', '/listenbrainz/__admin/users', { userName: `lb${name}`, listener: spotifyId });
    await connectSpotify(platform, cookies, spotifyId);
    expect(await platform.api.get(FanIngestion).ingest(fan.id)).toMatchObject({ kind: 'ingested', inserted: 50 });

    const listenbrainz = platform.api.get(ListenBrainzSource);
    await listenbrainz.connect(fan.id, token);
    while ((await listenbrainz.sync(fan.id)).kind === 'backfilling');
    const fromListenBrainz = await playsOf(fan.id, 'listenbrainz');

    expect(fromListenBrainz).toBeGreaterThan(100);

    await connect(cookies, name);
    await syncUntilDone(fan.id);
    const scrobbles = await allTracks(name);
    // Last.fm scrobbled the same listens ListenBrainz holds (the sandbox's one listener)…
    expect(scrobbles.length).toBeGreaterThan(fromListenBrainz);
    // …and every one of them is a play Spotify's poll or ListenBrainz already brought: nothing new.
    expect(await playsOf(fan.id, 'lastfm')).toBe(0);
    expect(await playsOf(fan.id, 'listenbrainz')).toBe(fromListenBrainz);
    expect(await playsOf(fan.id, 'recently-played')).toBe(50);
    expect(Number((await stateOf(fan.id)).backfilled_listens)).toBe(scrobbles.length);
  }, 240_000);

  it('a late scrobble (a player offline, submitting plays behind the poll’s cursor) is counted once; the look-back re-reads a bounded window', async () => {
    const { fan, cookies } = await signedIn();
    const { name } = await lastfmUser(2);
    await connect(cookies, name);
    await syncUntilDone(fan.id);
    const stored = await playsOf(fan.id);
    const cursor = Number((await stateOf(fan.id)).newest_seen_ts);
    const uts = async () => (await allTracks(name)).map((t) => Number(t.date!.uts));
    const within = (list: number[], seconds: number) => list.filter((at) => at > cursor - seconds && at <= cursor).length;

    // Two hours behind the cursor: the next poll's short overlap (6 h) reads it; stored once, however often read.
    const submit = (startedAt: number) => sandbox(platform, 'POST', `/lastfm/__admin/users/${name}/scrobbles`, { track: 11, startedAt });
    await submit(cursor - 2 * 3600);
    const first = await source.sync(fan.id);
    expect(first).toMatchObject({ kind: 'polled', inserted: 1, late: 1, reread: within(await uts(), POLL_OVERLAP_S) });
    expect(await source.sync(fan.id)).toMatchObject({ kind: 'polled', inserted: 0, late: 0 });
    expect(await playsOf(fan.id)).toBe(stored + 1);

    // Five days behind: only the first poll of a UTC day reads that far (the 14 days Last.fm accepts), once.
    await submit(cursor - 5 * 86_400);
    expect(await source.sync(fan.id)).toMatchObject({ inserted: 0 });
    await sql.query(`update listening.scrobble_sources set last_polled_at = now() - interval '1 day' where fan_id = $1 and kind = 'lastfm'`, [fan.id]);
    const deep = await source.sync(fan.id);
    expect(deep).toMatchObject({ kind: 'polled', inserted: 1, late: 1, reread: within(await uts(), LATE_SCROBBLE_WINDOW_S) });
    await sql.query(`update listening.scrobble_sources set last_polled_at = now() - interval '1 day' where fan_id = $1 and kind = 'lastfm'`, [fan.id]);
    expect(await source.sync(fan.id)).toMatchObject({ kind: 'polled', inserted: 0, late: 0 });
    expect(await playsOf(fan.id)).toBe(stored + 2);

    // Older than 14 days Last.fm ignores it: nothing to miss.
    const refused = await fetch(`${platform.sandbox.urls.providers}/lastfm/__admin/users/${name}/scrobbles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ track: 11, startedAt: Math.floor(Date.now() / 1000) - 15 * 86_400 }),
    });
    expect(refused.status).toBe(400);
  }, 180_000);
});
