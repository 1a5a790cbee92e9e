import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_BROKEN_SUBJECT, FetchCatalogue, IngestFan, POLL_INTERVAL_MS, SchedulePolls } from '#pie/listening/testing';
import { QueueRegistry } from '#pie/platform';
import { logIn, makeAccount, type TestAccount } from '../../support/accounts.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { calmSandbox, connectSpotify, quietUtcOffsetMinutes, sandbox } from './listening-fixtures.js';

/** The sandbox keeps the last 50 plays (of 30 s or more) of an account for recently-played. */
const RECENT_WINDOW = 50;

describe('listening ingestion from the streaming provider (sandbox)', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let accounts = 0;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'listen-ingest' });
    sql = openSql(platform.database.url);
    await calmSandbox(platform);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  /** A fan signed in with e-mail and password who connects a fresh sandbox Spotify account in settings. */
  async function connectedFan(): Promise<{ fan: TestAccount; cookies: Record<string, string>; spotifyId: string }> {
    const spotifyId = `pielistener${++accounts}`;
    await sandbox(platform, 'POST', '/spotify/__admin/accounts', { id: spotifyId, displayName: `Listener ${accounts}`, email: `${spotifyId}@spotify.sandbox` });
    // Listens every day (so the last 50 plays are there), and it is the middle of their night.
    await sandbox(platform, 'POST', `/spotify/__admin/listeners/${spotifyId}`, { hoursPerDay: 6, offDayRate: 0, utcOffsetMinutes: quietUtcOffsetMinutes() });
    const fan = await makeAccount(sql, 'fan');
    const { cookies } = await logIn(platform, fan);
    await connectSpotify(platform, cookies, spotifyId);
    return { fan, cookies, spotifyId };
  }

  const playsOf = (fanId: string) => sql.value<number>(`select count(*)::int from listening.plays where fan_id = $1`, [fanId]);
  const stateOf = async (fanId: string) => (await sql.query(`select * from listening.fan_listening_state where fan_id = $1`, [fanId]))[0];
  const queue = () => platform.api.get(QueueRegistry).get('listening');
  /**
   * Resolves once no catalogue lookup is in the outbox, queued, delayed or running. A lookup
   * borrows a fan's access token (and refreshes it on a 401), so a test that counts the provider's
   * answers to one fan's token waits for it first. A poll records its lookup in the outbox; the
   * catalogue can be complete before it is relayed.
   */
  const noCatalogueLookupUnderWay = () =>
    eventually(
      'no catalogue lookup in the outbox, queued or running',
      async () =>
        (await sql.value<number>(`select count(*)::int from platform.outbox where job_name = $1 and published_at is null`, [FetchCatalogue.name])) === 0 &&
        (await queue().getJobs(['active', 'waiting', 'prioritized', 'delayed'])).every((job) => job.name !== FetchCatalogue.name),
      30_000,
    );
  const recentlyPlayedCalls = async (status: number) =>
    (await sandbox(platform, 'GET', '/spotify/__admin/stats')).byRoute['GET /v1/me/player/recently-played']?.byStatus[String(status)] ?? 0;

  it('a fan who connects Spotify has their recent plays stored at once, and the catalogue fills in behind', async () => {
    const { fan } = await connectedFan();
    await eventually('the first poll', async () => (await playsOf(fan.id)) === RECENT_WINDOW, 30_000);
    const state = await stateOf(fan.id);
    expect(state.status).toBe('connected');
    expect(state.last_played_at).not.toBeNull();
    expect(Number(state.plays_count)).toBe(RECENT_WINDOW);
    // The poll set the next one about an hour out (jittered), well inside two hours.
    const nextIn = new Date(state.next_poll_at).getTime() - Date.now();
    expect(nextIn).toBeGreaterThan(0.8 * POLL_INTERVAL_MS);
    expect(nextIn).toBeLessThan(1.2 * POLL_INTERVAL_MS);
    // Tracks arrive with their metadata; artists get images, genres and (sandbox) country in the background.
    expect(await sql.value(`select count(*)::int from listening.plays p join listening.tracks t on t.id = p.track_id where p.fan_id = $1 and t.metadata_fetched_at is null`, [fan.id])).toBe(0);
    await eventually(
      'artist metadata',
      async () =>
        (await sql.value<number>(
          `select count(*)::int from listening.plays p join listening.track_artists ta on ta.track_id = p.track_id
             join listening.artists a on a.id = ta.artist_id where p.fan_id = $1 and a.metadata_fetched_at is null`,
          [fan.id],
        )) === 0,
      30_000,
    );
    expect(await sql.value(`select count(*)::int from listening.artists where country is not null`)).toBeGreaterThan(0);
  });

  it('the scheduler polls the fans who are due, and polls that overlap store each play once', async () => {
    const { fan, cookies } = await connectedFan();
    await eventually('the first poll', async () => (await playsOf(fan.id)) === RECENT_WINDOW, 30_000);
    // Forget the plays and the cursor, and make the fan due: only the scheduler brings them back.
    await sql.query(`delete from listening.plays where fan_id = $1`, [fan.id]);
    await sql.query(`update listening.fan_listening_state set last_played_at = null, next_poll_at = now() - interval '1 minute' where fan_id = $1`, [fan.id]);
    await queue().add(SchedulePolls.name, SchedulePolls.create({}));
    await eventually('the scheduled poll', async () => (await playsOf(fan.id)) === RECENT_WINDOW, 30_000);
    const polled = await stateOf(fan.id);
    expect(new Date(polled.next_poll_at).getTime()).toBeGreaterThan(Date.now() + 0.8 * POLL_INTERVAL_MS);

    // Three polls at once from an empty cursor: the worker twice and the fan's "fetch latest".
    await sql.query(`update listening.fan_listening_state set last_played_at = null where fan_id = $1`, [fan.id]);
    const before = await recentlyPlayedCalls(200);
    await queue().addBulk([1, 2].map(() => ({ name: IngestFan.name, data: IngestFan.create({ fanId: fan.id, reason: 'schedule' }) })));
    const manual = await platform.request('GET', '/api/tracks/user/fetchLatestFromSpotify', { cookies });
    expect(manual.status).toBe(200);
    expect(manual.body.data).toMatchObject({ fetched: RECENT_WINDOW, inserted: 0, deferred: false });
    await eventually('both worker polls', async () => (await recentlyPlayedCalls(200)) >= before + 3, 30_000);
    expect(await playsOf(fan.id)).toBe(RECENT_WINDOW);
    expect(Number((await stateOf(fan.id)).plays_count)).toBe(2 * RECENT_WINDOW);
  });

  it('a fan connected before listening existed is found by the scheduler and first polled within the hour', async () => {
    const { fan } = await connectedFan();
    await eventually('the first poll', async () => (await playsOf(fan.id)) === RECENT_WINDOW, 30_000);
    await sql.query(`delete from listening.fan_listening_state where fan_id = $1`, [fan.id]);
    await sql.query(`delete from listening.sync_cursors`);
    await queue().add(SchedulePolls.name, SchedulePolls.create({}));
    const state = await eventually('reconciliation', () => stateOf(fan.id), 20_000);
    expect(state.status).toBe('connected');
    const firstPollIn = new Date(state.next_poll_at).getTime() - Date.now();
    expect(firstPollIn).toBeLessThanOrEqual(POLL_INTERVAL_MS);
  });

  it('a 429 is honoured: the poll runs again once Retry-After has passed', async () => {
    const { fan } = await connectedFan();
    await eventually('the first poll', async () => (await playsOf(fan.id)) === RECENT_WINDOW, 30_000);
    await sql.query(`delete from listening.plays where fan_id = $1`, [fan.id]);
    await sql.query(`update listening.fan_listening_state set last_played_at = null where fan_id = $1`, [fan.id]);
    const limited = await recentlyPlayedCalls(429);
    await sandbox(platform, 'POST', '/spotify/__admin/faults', { next: 1, status: 429, retryAfterSeconds: 2, path: '/v1/me/player/recently-played' });
    const started = Date.now();
    await queue().add(IngestFan.name, IngestFan.create({ fanId: fan.id, reason: 'schedule' }));
    await eventually('the 429', async () => (await recentlyPlayedCalls(429)) === limited + 1, 20_000);
    expect(await playsOf(fan.id)).toBe(0);
    await eventually('the retried poll', async () => (await playsOf(fan.id)) === RECENT_WINDOW, 30_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect((await stateOf(fan.id)).status).toBe('connected');
  });

  it('an expired access token is refreshed, before use or when the provider says it expired', async () => {
    const { fan, cookies } = await connectedFan();
    await eventually('the first poll', async () => (await playsOf(fan.id)) === RECENT_WINDOW, 30_000);
    const tokenOf = async () => (await sql.query(`select access_token_enc, token_expires_at from identity.social_identities where subject_id = $1 and provider = 'spotify'`, [fan.id]))[0];

    // Known to expire: refreshed before the call.
    await sql.query(`update identity.social_identities set token_expires_at = now() - interval '1 minute' where subject_id = $1`, [fan.id]);
    const first = await tokenOf();
    const unauthorized = await recentlyPlayedCalls(401);
    const sync = await platform.request('GET', '/api/tracks/user/fetchLatestFromSpotify', { cookies });
    expect(sync.status).toBe(200);
    const refreshed = await tokenOf();
    expect(refreshed.access_token_enc).not.toBe(first.access_token_enc);
    expect(new Date(refreshed.token_expires_at).getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(await recentlyPlayedCalls(401)).toBe(unauthorized);

    // Expired at the provider while we thought it good (its clock moved on): a 401, one refresh, then the plays.
    // The catalogue lookups of this fan's polls borrow the same token: one still running when the
    // clock moves would meet the 401 and refresh the token before the sync does.
    await noCatalogueLookupUnderWay();
    await sandbox(platform, 'POST', '/spotify/__admin/clock', { advanceMs: 2 * 3600_000 });
    try {
      const again = await platform.request('GET', '/api/tracks/user/fetchLatestFromSpotify', { cookies });
      expect(again.status).toBe(200);
      expect(await recentlyPlayedCalls(401)).toBe(unauthorized + 1);
      expect((await tokenOf()).access_token_enc).not.toBe(refreshed.access_token_enc);
    } finally {
      await sandbox(platform, 'POST', '/spotify/__admin/clock', { offsetMs: 0 });
    }
    expect((await stateOf(fan.id)).status).toBe('connected');
  });

  it('revoked access is reported: the connection is marked broken with the reason, the fan is e-mailed once, polling stops', async () => {
    const { fan, cookies, spotifyId } = await connectedFan();
    await eventually('the first poll', async () => (await playsOf(fan.id)) === RECENT_WINDOW, 30_000);
    await sandbox(platform, 'POST', `/spotify/__admin/accounts/${spotifyId}/revoke`);

    const sync = await platform.request('GET', '/api/tracks/user/fetchLatestFromSpotify', { cookies });
    expect(sync.status).toBe(409);
    expect(sync.body.message).toMatch(/Connect Spotify again/);
    const state = await stateOf(fan.id);
    expect(state.status).toBe('broken');
    expect(state.broken_reason).toMatch(/Spotify/);
    const [identity] = await sql.query(`select broken_at, broken_reason from identity.social_identities where subject_id = $1`, [fan.id]);
    expect(identity.broken_at).not.toBeNull();

    const mail = await platform.inbox.waitForMessage({ to: fan.email, subjectIncludes: CONNECTION_BROKEN_SUBJECT, timeoutMs: 20_000 });
    expect(mail.text).toContain(state.broken_reason);
    expect(mail.text).toContain('http://localhost:3000/settings');

    const activity = await platform.request('GET', '/api/user/activity', { cookies });
    expect(activity.body.data.connection).toMatchObject({ status: 'broken', broken_reason: state.broken_reason, next_sync_at: null });

    // Still broken on the next attempt: no second e-mail; the scheduler leaves the fan alone.
    expect((await platform.request('GET', '/api/tracks/user/fetchLatestFromSpotify', { cookies })).status).toBe(409);
    await sql.query(`update listening.fan_listening_state set next_poll_at = now() - interval '1 minute' where fan_id = $1`, [fan.id]);
    const calls = (await sandbox(platform, 'GET', '/spotify/__admin/stats')).byAccount[spotifyId] ?? 0;
    await queue().add(SchedulePolls.name, SchedulePolls.create({}));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await sandbox(platform, 'GET', '/spotify/__admin/stats')).byAccount[spotifyId] ?? 0).toBe(calls);
    expect((await platform.inbox.list({ to: fan.email })).filter((m) => m.subject === CONNECTION_BROKEN_SUBJECT)).toHaveLength(1);

    // Connecting again heals it.
    await connectSpotify(platform, cookies, spotifyId);
    await eventually('reconnected', async () => (await stateOf(fan.id)).status === 'connected', 20_000);
  });

  it('disconnecting Spotify in settings stops the polling; the plays already stored stay', async () => {
    const { fan, cookies } = await connectedFan();
    await eventually('the first poll', async () => (await playsOf(fan.id)) === RECENT_WINDOW, 30_000);
    // Keep another way to sign in: the account has a password.
    const disconnected = await platform.request('POST', '/api/auth/disconnect-spotify', { cookies });
    expect(disconnected.status).toBe(200);
    await eventually('the disconnection to reach listening', async () => (await stateOf(fan.id)).status === 'disconnected', 20_000);
    expect(await playsOf(fan.id)).toBe(RECENT_WINDOW);
    const sync = await platform.request('GET', '/api/tracks/user/fetchLatestFromSpotify', { cookies });
    expect(sync.status).toBe(409);
  });

  it('fetch latest: counts for a connected fan, 409 without a connection, 401 without a session', async () => {
    const stranger = await makeAccount(sql, 'fan');
    const { cookies } = await logIn(platform, stranger);
    const refused = await platform.request('GET', '/api/tracks/user/fetchLatestFromSpotify', { cookies });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, message: expect.stringMatching(/Connect it in Settings/) });
    expect((await platform.request('GET', '/api/tracks/user/fetchLatestFromSpotify')).status).toBe(401);

    const { fan, cookies: connected } = await connectedFan();
    await eventually('the first poll', async () => (await playsOf(fan.id)) === RECENT_WINDOW, 30_000);
    const sync = await platform.request('GET', '/api/tracks/user/fetchLatestFromSpotify', { cookies: connected });
    expect(sync.status).toBe(200);
    expect(sync.body).toMatchObject({ success: true, message: 'You are up to date.', data: { fetched: 0, inserted: 0, deferred: false } });
    expect(sync.body.data.last_played_at === null || typeof sync.body.data.last_played_at === 'string').toBe(true);
  });

  describe('the catalogue lookup meets a refused access token (a 401)', () => {
    const tracksCalls = async (status: number) => (await sandbox(platform, 'GET', '/spotify/__admin/stats')).byRoute['GET /v1/tracks']?.byStatus[String(status)] ?? 0;
    const missingMetadata = () =>
      sql.value<number>(`select count(*)::int from listening.tracks where provider_id is not null and metadata_fetched_at is null and fetch_attempts < 5`);

    /** A connected fan, polled, with the catalogue complete; then three of their tracks lose their metadata, so the next lookup asks for them. */
    async function fanWithTracksToLookUp() {
      const connected = await connectedFan();
      await eventually('the first poll', async () => (await playsOf(connected.fan.id)) === RECENT_WINDOW, 30_000);
      await eventually('the catalogue to be complete', async () => (await missingMetadata()) === 0, 30_000);
      // No lookup still on its way, so the one under test is alone.
      await noCatalogueLookupUnderWay();
      const tracks = (
        await sql.query<{ id: string }>(
          `update listening.tracks set metadata_fetched_at = null, fetch_attempts = 0
            where id in (select track_id from listening.plays where fan_id = $1 order by played_at desc limit 3) returning id`,
          [connected.fan.id],
        )
      ).map((row) => row.id);
      return { ...connected, tracks };
    }
    const filled = (tracks: string[]) => sql.value<number>(`select count(*)::int from listening.tracks where id = any($1::uuid[]) and metadata_fetched_at is not null`, [tracks]);
    const lookUp = async (fanId: string) => {
      const jobId = `catalogue-401-${fanId}`;
      await queue().add(FetchCatalogue.name, FetchCatalogue.create({ fanId }), { jobId });
      return jobId;
    };
    /** The job ended well on its first run: nothing for the queue to retry. */
    async function completedFirstTime(jobId: string) {
      await eventually(`job ${jobId} to complete`, async () => (await (await queue().getJob(jobId))?.getState()) === 'completed', 20_000);
      const job = await queue().getJob(jobId);
      expect(job?.stacktrace ?? []).toEqual([]);
      expect(job?.failedReason ?? '').toBe('');
    }
    const brokenMails = async (email: string) => (await platform.inbox.list({ to: email })).filter((m) => m.subject === CONNECTION_BROKEN_SUBJECT).length;

    it('an access token the provider withdrew early: one refresh, the lookup goes on, the fan stays connected', async () => {
      const { fan, spotifyId, tracks } = await fanWithTracksToLookUp();
      const [before] = await sql.query(`select access_token_enc from identity.social_identities where subject_id = $1`, [fan.id]);
      const refused = await tracksCalls(401);
      await sandbox(platform, 'POST', `/spotify/__admin/accounts/${spotifyId}/revoke`, { tokens: 'access' });

      await completedFirstTime(await lookUp(fan.id));
      expect(await filled(tracks)).toBe(3);
      expect(await tracksCalls(401)).toBe(refused + 1);
      expect((await stateOf(fan.id)).status).toBe('connected');
      const [after] = await sql.query(`select access_token_enc, broken_at from identity.social_identities where subject_id = $1`, [fan.id]);
      expect(after.access_token_enc).not.toBe(before.access_token_enc);
      expect(after.broken_at).toBeNull();
    });

    it('a grant the fan withdrew (the refresh refused): the connection is marked broken once, the job completes with another fan’s access, no retry', async () => {
      await connectedFan(); // whose access still works
      const { fan, cookies, spotifyId, tracks } = await fanWithTracksToLookUp();
      const refused = await tracksCalls(401);
      await sandbox(platform, 'POST', `/spotify/__admin/accounts/${spotifyId}/revoke`);

      await completedFirstTime(await lookUp(fan.id));
      // Another connected fan's access looked the tracks up.
      expect(await filled(tracks)).toBe(3);
      expect(await tracksCalls(401)).toBe(refused + 1);
      const state = await stateOf(fan.id);
      expect(state.status).toBe('broken');
      expect(state.broken_reason).toMatch(/Spotify refused to renew/);
      const [identity] = await sql.query(`select broken_at from identity.social_identities where subject_id = $1`, [fan.id]);
      expect(identity.broken_at).not.toBeNull();
      // The fan's screen says so (its "Reconnect Spotify"), and they are told once.
      const activity = await platform.request('GET', '/api/user/activity', { cookies });
      expect(activity.body.data.connection).toMatchObject({ status: 'broken', broken_reason: state.broken_reason });
      await platform.inbox.waitForMessage({ to: fan.email, subjectIncludes: CONNECTION_BROKEN_SUBJECT, timeoutMs: 20_000 });
      expect(await brokenMails(fan.email)).toBe(1);
    });

    it('a 401 even with the token a refresh just gave: broken, and the job completes with another fan’s access', async () => {
      await connectedFan(); // whose access still works
      const { fan, tracks } = await fanWithTracksToLookUp();
      const refused = await tracksCalls(401);
      await sandbox(platform, 'POST', '/spotify/__admin/faults', { next: 2, status: 401, path: '/v1/tracks' });

      await completedFirstTime(await lookUp(fan.id));
      expect(await filled(tracks)).toBe(3);
      expect(await tracksCalls(401)).toBe(refused + 2);
      const state = await stateOf(fan.id);
      expect(state.status).toBe('broken');
      expect(state.broken_reason).toMatch(/no longer accepts/);
      await platform.inbox.waitForMessage({ to: fan.email, subjectIncludes: CONNECTION_BROKEN_SUBJECT, timeoutMs: 20_000 });
      expect(await brokenMails(fan.email)).toBe(1);
    });
  });
});
