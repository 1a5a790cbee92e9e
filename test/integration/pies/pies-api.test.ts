import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '#pie/platform';
import { closePiePeriod, openPeriod } from '#pie/pies/testing';
import { logIn, makeAccount, type TestAccount } from '../../support/accounts.js';
import { openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { makeArtist, makeTrack, seedPlays, type CatalogueTrack } from '../listening/listening-fixtures.js';
import { DAY, fundWallet, makePie } from './pies-fixtures.js';

/**
 * The Pie rows of the API: the active pie, the realtime split with overrides (the same function as
 * the close), settings that apply from the next period, bans and inclusions, the public pie, and
 * the object-level checks (another fan's ids are 404) and bad input (400).
 */
describe('pies API', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let alice: TestAccount;
  let bob: TestAccount;
  let aliceCookies: Record<string, string>;
  let bobCookies: Record<string, string>;
  let alicePie: { pieId: string; periodId: string };
  let bobPie: { pieId: string; periodId: string };
  let artists: string[];
  let tracks: CatalogueTrack[];
  const periodStart = new Date(Date.now() - 10 * DAY);
  const periodEnd = new Date(Date.now() + 20 * DAY);

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'pies-api' });
    sql = openSql(platform.database.url);
    alice = await makeAccount(sql, 'fan');
    bob = await makeAccount(sql, 'fan');
    aliceCookies = (await logIn(platform, alice)).cookies;
    bobCookies = (await logIn(platform, bob)).cookies;
    artists = [];
    // Popular first: with the tilt the less popular gain.
    for (const [index, popularity] of [95, 70, 40, 10, 5].entries()) artists.push(await makeArtist(sql, { name: `Api Artist ${index}`, popularity, active: index !== 4 }));
    tracks = [];
    for (const artistId of artists) tracks.push(await makeTrack(sql, [artistId]));
    alicePie = await makePie(platform, alice.id, { startsAt: periodStart, endsAt: periodEnd, settings: { amountCents: 2000, artistLimit: 5 } });
    bobPie = await makePie(platform, bob.id, { startsAt: periodStart, endsAt: periodEnd });
    await seedPlays(
      platform,
      alice.id,
      artists.map((_, index) => ({ track: tracks[index], at: new Date(periodStart.getTime() + (index + 1) * 3_600_000), ms: (5 - index) * 60_000 })),
    );
    await fundWallet(platform, alice.id, 1800, new Date(periodStart.getTime() + 1000));
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  const get = (url: string, cookies: Record<string, string> | undefined = aliceCookies) => platform.request('GET', url, { cookies });
  const patch = (url: string, body: unknown, cookies = aliceCookies) => platform.request('PATCH', url, { cookies, body });

  it('shows the fan’s active pie with its settings and the period running now', async () => {
    const response = await get('/api/pie/active');
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id: alicePie.pieId,
      status: 'active',
      settings: { amountCents: 2000, artistLimit: 5, artistPopularity: 0, excludeNonActive: false, pieDays: 30 },
      currentPeriod: { id: alicePie.periodId, state: 'open', startsAt: periodStart.toISOString() },
    });
    expect((await get(`/api/pie/active/${alicePie.pieId}`)).body.data.id).toBe(alicePie.pieId);
    const nobody = await makeAccount(sql, 'fan');
    const none = await get('/api/pie/active', (await logIn(platform, nobody)).cookies);
    expect(none.status).toBe(200);
    expect(none.body.data).toBeNull();
  });

  it('previews the split from the wallet with the limit, popularity tilt and active-only overrides', async () => {
    const plain = (await get(`/api/pie/${alicePie.pieId}/realtime-stats`)).body.data;
    expect(plain.amountCents).toBe(1800);
    expect(plain.artists.map((a: { shareCents: number }) => a.shareCents)).toEqual([600, 480, 360, 240, 120]);
    expect(plain.artists.every((a: { pieArtistId: string | null }) => typeof a.pieArtistId === 'string')).toBe(true);

    const limited = (await get(`/api/pie/${alicePie.pieId}/realtime-stats?limit=2`)).body.data;
    expect(limited.settings.artistLimit).toBe(2);
    expect(limited.artists.filter((a: { selected: boolean }) => a.selected).map((a: { shareCents: number }) => a.shareCents)).toEqual([1000, 800]);
    expect(limited.artists.filter((a: { reason: string }) => a.reason === 'over_limit')).toHaveLength(3);

    const tilted = (await get(`/api/pie/${alicePie.pieId}/realtime-stats?artistPopularity=100`)).body.data;
    const share = (data: typeof plain, id: string) => data.artists.find((a: { artistId: string }) => a.artistId === id).shareCents;
    expect(share(tilted, artists[0])).toBeLessThan(share(plain, artists[0]));
    expect(share(tilted, artists[3])).toBeGreaterThan(share(plain, artists[3]));
    expect(tilted.artists.reduce((sum: number, a: { shareCents: number }) => sum + a.shareCents, 0)).toBe(1800);

    const activeOnly = (await get(`/api/pie/${alicePie.pieId}/realtime-stats?excludeNonActive=true`)).body.data;
    expect(activeOnly.artists.find((a: { artistId: string }) => a.artistId === artists[4])).toMatchObject({ selected: false, reason: 'not_active', shareCents: 0 });
  });

  it('bans an artist from all the fan’s pies and includes or excludes pie artists by their pie artist id', async () => {
    const stats = (await get(`/api/pie/${alicePie.pieId}/realtime-stats?limit=2`)).body.data;
    const last = stats.artists.find((a: { artistId: string }) => a.artistId === artists[3]);
    const include = await patch(`/api/pie/artist/${last.pieArtistId}/set-inclusion`, { included: true });
    expect(include.status).toBe(200);
    const ban = await patch(`/api/pie/artist/${artists[0]}/ban`, { banned: true });
    expect(ban.status).toBe(200);
    const after = (await get(`/api/pie/${alicePie.pieId}/realtime-stats?limit=2`)).body.data;
    const byId = Object.fromEntries(after.artists.map((a: { artistId: string }) => [a.artistId, a]));
    expect(byId[artists[0]]).toMatchObject({ banned: true, reason: 'banned', shareCents: 0 });
    expect(byId[artists[3]]).toMatchObject({ inclusion: 'included', selected: true });
    expect(byId[artists[1]]).toMatchObject({ selected: true });
    expect(byId[artists[2]]).toMatchObject({ reason: 'over_limit' });

    // Back to the rules.
    expect((await patch(`/api/pie/artist/${artists[0]}/ban`, { banned: false })).status).toBe(200);
    expect((await patch(`/api/pie/artist/${last.pieArtistId}/set-inclusion`, { included: null })).status).toBe(200);
    const reset = (await get(`/api/pie/${alicePie.pieId}/realtime-stats`)).body.data;
    expect(reset.artists.map((a: { shareCents: number }) => a.shareCents)).toEqual([600, 480, 360, 240, 120]);
  });

  it('applies changed settings from the next period, and tells billing about a new amount', async () => {
    const response = await patch(`/api/pie/${alicePie.pieId}`, { amount: '25.50', artistLimit: 2 });
    expect(response.status).toBe(200);
    expect(response.body.data.settings).toMatchObject({ amountCents: 2000, artistLimit: 5 });
    expect(response.body.data.pendingSettings).toMatchObject({ amountCents: 2550, artistLimit: 2 });
    const [event] = await sql.query<{ payload: { amountCents: number; billingChanged: boolean; subscriptionId: string } }>(
      `select payload from platform.outbox where job_name = 'pies.pie-settings-changed.v1' and payload->>'pieId' = $1`,
      [alicePie.pieId],
    );
    expect(event.payload).toMatchObject({ amountCents: 2550, billingChanged: true });
    expect(event.payload.subscriptionId).toMatch(/^sub_/);

    // The running period closes with the limit it opened with (5 artists), the next opens with 2.
    const database = platform.api.get(Database);
    await sql.query(`update pies.periods set ends_at = now() - interval '1 second' where id = $1`, [alicePie.periodId]);
    const closed = await database.transaction((tx) => closePiePeriod(tx, alicePie.periodId));
    expect(closed).toMatchObject({ status: 'closed', artistCount: 5, distributedCents: 1800 });
    const nextStart = new Date();
    const next = await database.transaction((tx) => openPeriod(tx, alicePie.pieId, { startsAt: nextStart, endsAt: new Date(nextStart.getTime() + 30 * DAY) }));
    const [period] = await sql.query<{ artist_limit: number; amount_cents: string }>(`select artist_limit, amount_cents from pies.periods where id = $1`, [next.periodId]);
    expect(period).toEqual({ artist_limit: 2, amount_cents: '2550' });
    const active = (await get('/api/pie/active')).body.data;
    expect(active).toMatchObject({ settings: { amountCents: 2550, artistLimit: 2 }, pendingSettings: null, currentPeriod: { id: next.periodId } });

    // A change saved after a period began, before its invoice was paid (when billing opens it),
    // is not that period's: it waits for the one after.
    const late = await patch(`/api/pie/${alicePie.pieId}`, { artistLimit: 4 });
    expect(late.status).toBe(200);
    const lateStart = new Date(nextStart.getTime() + 30 * DAY);
    await sql.query(`update pies.pies set pending_saved_at = $2 where id = $1`, [alicePie.pieId, new Date(lateStart.getTime() + 3_600_000)]); // saved an hour into it
    const afterLate = await database.transaction((tx) => openPeriod(tx, alicePie.pieId, { startsAt: lateStart, endsAt: new Date(lateStart.getTime() + 30 * DAY) }));
    const [unchanged] = await sql.query<{ artist_limit: number }>(`select artist_limit from pies.periods where id = $1`, [afterLate.periodId]);
    expect(unchanged!.artist_limit).toBe(2);
    const following = await database.transaction((tx) => openPeriod(tx, alicePie.pieId, { startsAt: new Date(lateStart.getTime() + 30 * DAY), endsAt: new Date(lateStart.getTime() + 60 * DAY) }));
    const [changed] = await sql.query<{ artist_limit: number }>(`select artist_limit from pies.periods where id = $1`, [following.periodId]);
    expect(changed!.artist_limit).toBe(4);
  });

  it('answers 404 for another fan’s pie ids and pie artists, exactly as for unknown ones', async () => {
    const foreign = bobPie.pieId;
    for (const url of [`/api/pie/active/${foreign}`, `/api/pie/${foreign}/realtime-stats`, `/api/pie/${foreign}/daily-listening`, `/api/pie/${foreign}/orphaned-tracks`]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(response.body.message).toBe('No pie with this id');
    }
    expect((await patch(`/api/pie/${foreign}`, { artistLimit: 3 })).status).toBe(404);
    const bobStats = (await get(`/api/pie/${foreign}/realtime-stats`, bobCookies)).body.data;
    expect(bobStats.pieId).toBe(foreign);
    const [bobPieArtist] = await sql.query<{ id: string }>(
      `insert into pies.pie_artists (pie_id, artist_id) values ($1, $2) returning id`,
      [foreign, artists[1]],
    );
    expect((await patch(`/api/pie/artist/${bobPieArtist.id}/set-inclusion`, { included: true })).status).toBe(404);
    const [{ inclusion }] = await sql.query<{ inclusion: string }>(`select inclusion from pies.pie_artists where id = $1`, [bobPieArtist.id]);
    expect(inclusion).toBe('default');
    // Bob's pies are private while his profile is.
    expect((await get(`/api/pie/user/${bob.id}/pies`)).status).toBe(404);
    const own = await get(`/api/pie/user/${alice.id}/pies`);
    expect(own.status).toBe(200);
    expect(own.body.data[0].periods.length).toBeGreaterThanOrEqual(2);
  });

  it('shows a public pie’s artists and shares without private data; the fan named only with a public profile', async () => {
    const anonymous = await platform.request('GET', `/api/pie/pie/${alicePie.pieId}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.data.fanName).toBeNull();
    expect(anonymous.body.data.period.distributedCents).toBe(1800);
    expect(anonymous.body.data.artists).toHaveLength(5);
    const text = JSON.stringify(anonymous.body);
    for (const secret of [alice.id, alice.email, 'sub_', 'subscription', 'wallet', 'pending']) expect(text).not.toContain(secret);
    // A failed payment is nobody else's business.
    await sql.query(`update pies.pies set status = 'past_due' where id = $1`, [alicePie.pieId]);
    expect((await platform.request('GET', `/api/pie/pie/${alicePie.pieId}`)).body.data.status).toBe('active');
    await sql.query(`update pies.pies set status = 'active' where id = $1`, [alicePie.pieId]);

    await sql.query(`insert into listening.fan_profiles (fan_id, username, profile_public) values ($1, 'alice_listens', true)`, [alice.id]);
    expect((await platform.request('GET', `/api/pie/pie/${alicePie.pieId}`)).body.data.fanName).toBe('alice_listens');
    const theirs = await get(`/api/pie/user/${alice.id}/pies`, bobCookies);
    expect(theirs.status).toBe(200);
    // Another fan sees the choices and where the money went, nothing about the payments.
    const [theirPie] = theirs.body.data;
    expect(Object.keys(theirPie).sort()).toEqual(['createdAt', 'id', 'periods', 'settings', 'status']);
    expect(theirPie.settings).not.toHaveProperty('amountCents');
    expect(theirPie.periods.find((p: { distributedCents: number | null }) => p.distributedCents === 1800)).toBeDefined();
    for (const period of theirPie.periods) for (const secret of ['fundedCents', 'splitCents', 'rolledOver']) expect(period).not.toHaveProperty(secret);
    expect((await platform.request('GET', `/api/pie/pie/${bobPie.pieId.replace(/.$/, '0')}`)).status).toBe(404);
  });

  it('refuses bad input with 400 and a clear message, and a state change without the CSRF token', async () => {
    const cases: [unknown, string][] = [
      [{ amount: '12.345' }, 'amount'],
      [{ amount: 0.5 }, 'amount'],
      [{ amount: '1000.01' }, 'amount'],
      [{ artistLimit: 0 }, 'artistLimit'],
      [{ artistPopularity: 101 }, 'artistPopularity'],
      [{ pieDays: 6 }, 'pieDays'],
      [{ excludeNonActive: 'yes' }, 'excludeNonActive'],
      [{ artistLimit: true }, 'artistLimit'],
      [{ artistLimit: '5' }, 'artistLimit'],
      [{ pieDays: [30] }, 'pieDays'],
      [{ artistPopularity: null }, 'artistPopularity'],
      [{ surprise: 1 }, '_'],
      [{}, '_'],
    ];
    for (const [body, field] of cases) {
      const response = await patch(`/api/pie/${alicePie.pieId}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.body.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await get('/api/pie/not-a-uuid/realtime-stats')).status).toBe(400);
    expect((await get(`/api/pie/${alicePie.pieId}/realtime-stats?limit=101`)).status).toBe(400);
    expect((await get(`/api/pie/${alicePie.pieId}/realtime-stats?excludeNonActive=maybe`)).status).toBe(400);
    expect((await patch(`/api/pie/artist/${artists[0]}/ban`, { banned: 'yes' })).status).toBe(400);
    expect((await patch(`/api/pie/artist/${alicePie.pieId}/ban`, { banned: true })).status).toBe(404);
    const noToken = await platform.request('PATCH', `/api/pie/${alicePie.pieId}`, { cookies: aliceCookies, body: { artistLimit: 3 }, csrf: false });
    expect(noToken.status).toBe(403);
    expect((await platform.request('GET', '/api/pie/active')).status).toBe(401);
  });

  it('lists the window’s daily listening and orphaned tracks, and queues the missing tracks at once', async () => {
    // The period running now opened a moment ago (previous test): one day, today, nothing played yet.
    const daily = (await get(`/api/pie/${alicePie.pieId}/daily-listening`)).body.data;
    expect(daily.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), listenedMs: 0, plays: 0 });
    const orphans = await get(`/api/pie/${alicePie.pieId}/orphaned-tracks`);
    expect(orphans.status).toBe(200);
    const queued = await platform.request('POST', '/api/pie/add-missing-tracks-anytime', { cookies: aliceCookies });
    expect(queued.status).toBe(202);
    const [job] = await sql.query<{ payload: { fanId: string } }>(`select payload from platform.outbox where id = $1`, [queued.body.data.jobId]);
    expect(job.payload.fanId).toBe(alice.id);
  });
});
