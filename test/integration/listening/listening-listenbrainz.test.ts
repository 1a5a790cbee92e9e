import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FanIngestion, LISTENBRAINZ_REVOKED_REASON, ListenBrainzSource } from '#pie/listening/testing';
import { logIn, makeAccount } from '../../support/accounts.js';
import { openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { calmSandbox, connectSpotify, quietUtcOffsetMinutes, sandbox } from './listening-fixtures.js';

interface Listen {
  listened_at: number;
  track_metadata: { track_name: string; artist_name: string; additional_info: { duration_ms: number } };
}

/**
 * ListenBrainz as a listening source (issue 33 slice 1): connect with a user token, a back-fill in
 * pages that survives a failure half way, polling, the rate limit's wait, a reset token, and a
 * listen that Spotify also reported stored once.
 */
describe('ListenBrainz source', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let source: ListenBrainzSource;
  let users = 0;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'listenbrainz', worker: false });
    sql = openSql(platform.database.url);
    await calmSandbox(platform);
    await sandbox(platform, 'POST', '/spotify/__admin/rate-limit', { enabled: false });
    source = platform.api.get(ListenBrainzSource);
  }, 120_000);
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  /** A ListenBrainz account scrobbling a generated listener who is asleep now (no listen ends mid-test). */
  async function listenBrainzUser(hoursPerDay: number, listener?: string): Promise<{ userName: string; token: string; listener: string }> {
    const userName = `lbuser${++users}`;
    const mirrored = listener ?? `lblistener${users}`;
    await sandbox(platform, 'POST', `/spotify/__admin/listeners/${mirrored}`, { hoursPerDay, offDayRate: 0, utcOffsetMinutes: quietUtcOffsetMinutes() });
    const { token } = await sandbox(platform, 'POST', '/listenbrainz/__admin/users', { userName, listener: mirrored });
    return { userName, token, listener: mirrored };
  }

  /** Every listen the sandbox holds for the user, read straight from its API. */
  async function allListens(userName: string): Promise<Listen[]> {
    const listens: Listen[] = [];
    for (let minTs = 0; ; ) {
      const page = await sandbox(platform, 'GET', `/listenbrainz/1/user/${userName}/listens?min_ts=${minTs}&count=1000`);
      if (page.payload.count === 0) return listens;
      listens.push(...page.payload.listens);
      minTs = Math.max(...page.payload.listens.map((l: Listen) => l.listened_at));
    }
  }

  const playsOf = (fanId: string, from = 'listenbrainz') => sql.value<number>(`select count(*)::int from listening.plays where fan_id = $1 and source = $2`, [fanId, from]);
  const stateOf = async (fanId: string) => (await sql.query(`select * from listening.scrobble_sources where fan_id = $1`, [fanId]))[0];

  async function syncUntilDone(fanId: string): Promise<number> {
    for (let run = 1; run <= 50; run++) {
      const outcome = await source.sync(fanId);
      if (outcome.kind !== 'backfilling') return run;
    }
    throw new Error('the back-fill never finished');
  }

  it('refuses a token ListenBrainz does not accept, and stores an accepted one sealed', async () => {
    const fan = await makeAccount(sql, 'fan');
    await expect(source.connect(fan.id, 'not-a-real-token')).rejects.toThrow(/does not accept this user token/);
    const { token, userName } = await listenBrainzUser(1);
    expect(await source.connect(fan.id, token)).toEqual({ userName });
    const state = await stateOf(fan.id);
    expect(state.status).toBe('backfilling');
    expect(state.token_sealed).not.toContain(token);
  });

  it('back-fills the whole history in pages, resumes after a failure half way, then polls what is new', async () => {
    const fan = await makeAccount(sql, 'fan');
    const { token, userName } = await listenBrainzUser(4);
    const history = await allListens(userName);
    expect(history.length).toBeGreaterThan(2_000);
    await source.connect(fan.id, token);

    // The second page fails: the first page's plays and the cursor are in, nothing else.
    await sandbox(platform, 'POST', '/listenbrainz/__admin/faults', { next: 1, status: 500, path: '/1/user/', skip: 1 });
    await expect(source.sync(fan.id)).rejects.toThrow(/500/);
    expect(await playsOf(fan.id)).toBe(1_000);
    const halfway = await stateOf(fan.id);
    expect(halfway.status).toBe('backfilling');
    expect(Number(halfway.backfilled_listens)).toBe(1_000);

    await syncUntilDone(fan.id);
    expect(await playsOf(fan.id)).toBe(history.length);
    const done = await stateOf(fan.id);
    expect(done.status).toBe('connected');
    expect(Number(done.backfilled_listens)).toBe(history.length);
    expect(new Date(done.next_sync_at).getTime()).toBeGreaterThan(Date.now() + 40 * 60_000);

    // A day later (a whole listening day, never off) the listener has been at it again: the poll stores exactly the new listens.
    await sandbox(platform, 'POST', '/spotify/__admin/clock', { advanceMs: 24 * 3_600_000 });
    try {
      // The history's far end slides on too: count only the listens after the newest one read.
      const newestRead = Math.max(...history.map((listen) => listen.listened_at));
      const newer = (await allListens(userName)).filter((listen) => listen.listened_at > newestRead).length;
      expect(newer).toBeGreaterThan(0);
      const outcome = await source.sync(fan.id);
      expect(outcome).toMatchObject({ kind: 'polled', inserted: newer, late: 0 });
      expect(await playsOf(fan.id)).toBe(history.length + newer);
      expect((await source.sync(fan.id)).kind).toBe('polled');
      expect(await playsOf(fan.id)).toBe(history.length + newer);
    } finally {
      await sandbox(platform, 'POST', '/spotify/__admin/clock', { offsetMs: 0 });
    }
  }, 180_000);

  it('waits as long as ListenBrainz’s rate-limit headers say, then goes on', async () => {
    const fan = await makeAccount(sql, 'fan');
    const { token } = await listenBrainzUser(1);
    await source.connect(fan.id, token);
    await sandbox(platform, 'POST', '/listenbrainz/__admin/rate-limit', { limit: 1, windowSeconds: 45 });
    try {
      const outcome = await source.sync(fan.id);
      expect(outcome.kind).toBe('rate-limited');
      expect(outcome.kind === 'rate-limited' && outcome.retryAfterMs).toBeGreaterThanOrEqual(44_000);
      const state = await stateOf(fan.id);
      expect(new Date(state.next_sync_at).getTime()).toBeGreaterThan(Date.now() + 40_000);
      expect(await playsOf(fan.id)).toBe(0);
    } finally {
      await sandbox(platform, 'POST', '/listenbrainz/__admin/rate-limit', { limit: 30, windowSeconds: 10 });
    }
    await syncUntilDone(fan.id);
    expect((await stateOf(fan.id)).status).toBe('connected');
  }, 120_000);

  it('marks the source broken with the reason when the user reset their token, and a disconnection forgets the token', async () => {
    const fan = await makeAccount(sql, 'fan');
    const { token, userName } = await listenBrainzUser(1);
    await source.connect(fan.id, token);
    await syncUntilDone(fan.id);
    await sandbox(platform, 'POST', `/listenbrainz/__admin/users/${userName}/revoke`);
    expect(await source.sync(fan.id)).toEqual({ kind: 'broken', reason: LISTENBRAINZ_REVOKED_REASON });
    expect(await stateOf(fan.id)).toMatchObject({ status: 'broken', broken_reason: LISTENBRAINZ_REVOKED_REASON });
    expect(await source.sync(fan.id)).toEqual({ kind: 'not-connected' });

    expect(await source.disconnect(fan.id)).toBe(true);
    expect(await stateOf(fan.id)).toMatchObject({ status: 'disconnected', token_sealed: null });
    expect(await source.sync(fan.id)).toEqual({ kind: 'not-connected' });
  }, 120_000);

  it('connects from settings through the API: a bad token is a 400 naming it, the state shows the back-fill, disconnect stops it', async () => {
    const fan = await makeAccount(sql, 'fan');
    const { cookies } = await logIn(platform, fan);
    const refused = await platform.request('POST', '/api/listening/sources/listenbrainz', { cookies, body: { token: 'wrong-token' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/does not accept this user token/);
    expect((await platform.request('POST', '/api/listening/sources/listenbrainz', { cookies, body: {} })).status).toBe(400);

    const { token, userName } = await listenBrainzUser(2);
    const connected = await platform.request('POST', '/api/listening/sources/listenbrainz', { cookies, body: { token } });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);
    expect(connected.body.data).toMatchObject({ source: 'listenbrainz', status: 'backfilling', user_name: userName, backfill: { listens: 0, percent: 0 } });

    await source.sync(fan.id);
    const listed = await platform.request('GET', '/api/listening/sources', { cookies });
    expect(listed.body.data[0]).toMatchObject({ status: 'connected', backfill: null, broken_reason: null });
    expect(listed.body.data[0].last_polled_at).not.toBeNull();

    const removed = await platform.request('DELETE', '/api/listening/sources/listenbrainz', { cookies });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ status: 'disconnected', next_sync_at: null });
    expect(await source.sync(fan.id)).toEqual({ kind: 'not-connected' });
  }, 120_000);

  it('counts a listen that Spotify’s recently-played also reported once', async () => {
    const { fan, cookies } = await (async () => {
      const account = await makeAccount(sql, 'fan');
      return { fan: account, cookies: (await logIn(platform, account)).cookies };
    })();
    const spotifyId = `lbtwin${++users}`;
    await sandbox(platform, 'POST', '/spotify/__admin/accounts', { id: spotifyId, displayName: 'Twin', email: `${spotifyId}@spotify.sandbox` });
    const { token, userName } = await listenBrainzUser(3, spotifyId);
    await connectSpotify(platform, cookies, spotifyId);
    const polled = await platform.api.get(FanIngestion).ingest(fan.id);
    expect(polled).toMatchObject({ kind: 'ingested', inserted: 50 });

    await source.connect(fan.id, token);
    await syncUntilDone(fan.id);
    const listens = await allListens(userName);
    const spotifyPlays = await sql.query<{ name: string; played_at: Date }>(
      `select t.name, p.played_at from listening.plays p join listening.tracks t on t.id = p.track_id where p.fan_id = $1 and p.source = 'recently-played'`,
      [fan.id],
    );
    // Computed here from the two services' answers: a Spotify play whose end falls where the
    // scrobble rule puts the end of a listen of the same track is that listen.
    const heardTwice = spotifyPlays.filter((play) =>
      listens.some((listen) => {
        const duration = listen.track_metadata.additional_info.duration_ms;
        const start = listen.listened_at * 1000;
        const end = new Date(play.played_at).getTime();
        return listen.track_metadata.track_name === play.name && end >= start + Math.min(duration / 2, 240_000) - 10_000 && end <= start + duration + 10_000;
      }),
    ).length;
    expect(heardTwice).toBeGreaterThan(30);
    expect(await playsOf(fan.id, 'recently-played')).toBe(50);
    expect(await playsOf(fan.id)).toBe(listens.length - heardTwice);
  }, 180_000);
});
