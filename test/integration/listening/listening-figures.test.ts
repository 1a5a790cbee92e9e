import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePlays } from '#pie/listening/testing';
import { ComputePopularity } from '#pie/listening/testing';
import { Database, QueueRegistry } from '#pie/platform';
import { makeFanRegistration } from '../../support/factories.js';
import { logIn, makeAccount, type TestAccount } from '../../support/accounts.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { makeArtist, makeTrack, seedPlays, type CatalogueTrack } from './listening-fixtures.js';

/** A time zone far from UTC (UTC+14): its days and UTC's differ for half of every day. */
const ZONE = 'Pacific/Kiritimati';
const DAY_MS = 86_400_000;

/** The local calendar day of an instant in a time zone, YYYY-MM-DD (computed here with Intl, not by the API). */
const localDay = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** The instant a local day starts in a time zone (searching by the hour: zones move in whole or half hours here). */
function localMidnight(day: string, timeZone: string): Date {
  const guess = Date.parse(`${day}T00:00:00Z`);
  for (let offset = -15 * 60; offset <= 15 * 60; offset += 15) {
    const at = new Date(guess - offset * 60_000);
    if (localDay(at, timeZone) === day && localDay(new Date(at.getTime() - 1), timeZone) !== day) return at;
  }
  throw new Error(`no midnight found for ${day} in ${timeZone}`);
}

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Figures that agree (issue 16 item 1): one window of days (the fan's, in their time zone, taken
 * from the browser at sign-up) behind the dashboard's card, its chart and its top artists; one
 * source behind an artist page's listeners, fans and popularity. Each figure is computed two ways
 * (the API's read models and an independent computation here, or the plays themselves) and compared.
 */
describe('listening figures agree', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let fan: { id: string; cookies: Record<string, string> };
  let artists: string[];
  let tracks: CatalogueTrack[];
  let duo: CatalogueTrack;
  let plays: { track: CatalogueTrack; at: Date; ms: number }[];

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'listen-figures' });
    sql = openSql(platform.database.url);

    // A fan signs up from a browser in UTC+14: the sign-up form sends the browser's time zone.
    const registration = makeFanRegistration({ time_zone: ZONE });
    expect((await platform.request('POST', '/api/auth/register', { body: registration })).status).toBe(201);
    const id = await sql.value<string>(`select id from identity.fans where email = $1`, [registration.email]);
    await sql.query(`update identity.fans set email_verified_at = now() where id = $1`, [id]);
    const account: TestAccount = { kind: 'fan', id, email: String(registration.email), password: String(registration.password) };
    fan = { id, cookies: (await logIn(platform, account)).cookies };
    await eventually('listening to learn the time zone', async () => (await sql.value<string | null>(`select time_zone from listening.fan_profiles where fan_id = $1`, [id])) === ZONE, 20_000);

    artists = [];
    for (const name of ['North Lights', 'South Shore', 'East Wind']) artists.push(await makeArtist(sql, { name }));
    tracks = [];
    for (const [index, artistId] of artists.entries()) tracks.push(await makeTrack(sql, [artistId], { name: `Tune ${index + 1}` }));
    duo = await makeTrack(sql, [artists[0], artists[1]], { name: 'Duet' });

    // Plays on both sides of the window's first local midnight, around today's, and spread between.
    const today = localDay(new Date(), ZONE);
    const firstDay = shiftDay(today, -27);
    const windowStart = localMidnight(firstDay, ZONE);
    plays = [
      { track: tracks[0], at: new Date(windowStart.getTime() - 60_000), ms: 111_000 },
      { track: tracks[1], at: new Date(windowStart.getTime() + 60_000), ms: 122_000 },
      { track: duo, at: new Date(windowStart.getTime() + 3_600_000), ms: 300_000 },
      { track: tracks[2], at: new Date(Date.now() - 40 * DAY_MS), ms: 133_000 },
    ];
    for (let n = 0; n < 40; n++) plays.push({ track: [tracks[0], tracks[1], tracks[2], duo][n % 4], at: new Date(Date.now() - 60_000 - n * 13 * 3_600_000), ms: 90_000 + n * 1_000 });
    await seedPlays(platform, fan.id, plays);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  const get = (url: string) => platform.request('GET', url, { cookies: fan.cookies });

  it('the time zone from the sign-up form is kept in the profile; a made-up one is a 400', async () => {
    const me = await get('/api/user');
    expect(me.body.data.time_zone).toBe(ZONE);
    const bad = await platform.request('POST', '/api/auth/register', { body: makeFanRegistration({ time_zone: 'Mars/Olympus_Mons' }) });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/time_zone/);
    // No time zone (an older client): UTC.
    const plain = makeFanRegistration();
    expect((await platform.request('POST', '/api/auth/register', { body: plain })).status).toBe(201);
    expect(await sql.value<string>(`select time_zone from identity.fans where email = $1`, [plain.email])).toBe('UTC');
  });

  it('the last 28 days: the card, the chart and an independent count over the same local days give the same totals', async () => {
    const today = localDay(new Date(), ZONE);
    const firstDay = shiftDay(today, -27);
    const inWindow = plays.filter((play) => localDay(play.at, ZONE) >= firstDay);
    const expected = { plays: inWindow.length, listened_ms: inWindow.reduce((sum, play) => sum + play.ms, 0) };

    const activity = (await get('/api/user/activity')).body.data;
    expect(activity.time_zone).toBe(ZONE);
    expect(activity.last_28_days).toEqual({ ...expected, from: firstDay });

    const daily = (await get('/api/tracks/user/daily?days=28')).body.data as { date: string; plays: number; listened_ms: number }[];
    expect(daily).toHaveLength(28);
    expect(daily[0].date).toBe(firstDay);
    expect(daily[27].date).toBe(today);
    expect({ plays: daily.reduce((sum, day) => sum + day.plays, 0), listened_ms: daily.reduce((sum, day) => sum + day.listened_ms, 0) }).toEqual(expected);
    // Day by day, as the fan's calendar has them.
    for (const day of daily) {
      const ofDay = plays.filter((play) => localDay(play.at, ZONE) === day.date);
      expect({ date: day.date, plays: day.plays, listened_ms: day.listened_ms }).toEqual({ date: day.date, plays: ofDay.length, listened_ms: ofDay.reduce((sum, play) => sum + play.ms, 0) });
    }

    // The last 7 days too.
    const firstOf7 = shiftDay(today, -6);
    const in7 = plays.filter((play) => localDay(play.at, ZONE) >= firstOf7);
    expect(activity.last_7_days).toEqual({ plays: in7.length, listened_ms: in7.reduce((sum, play) => sum + play.ms, 0), from: firstOf7 });
  });

  it('the dashboard’s top artists of the last 28 days split the same total among the artists', async () => {
    const today = localDay(new Date(), ZONE);
    const firstDay = shiftDay(today, -27);
    const inWindow = plays.filter((play) => localDay(play.at, ZONE) >= firstDay);
    const share = new Map<string, number>();
    for (const play of inWindow) for (const artistId of play.track.artistIds) share.set(artistId, (share.get(artistId) ?? 0) + play.ms / play.track.artistIds.length);

    const top = (await get('/api/artists/user?days=28')).body.data as { id: string; listened_ms: number }[];
    expect(Object.fromEntries(top.map((artist) => [artist.id, artist.listened_ms]))).toEqual(Object.fromEntries([...share].map(([id, ms]) => [id, Math.round(ms)])));
    const activity = (await get('/api/user/activity')).body.data;
    const sum = top.reduce((total, artist) => total + artist.listened_ms, 0);
    expect(Math.abs(sum - activity.last_28_days.listened_ms)).toBeLessThanOrEqual(top.length);
    expect((await get('/api/artists/user?days=28&from=2026-01-01')).status).toBe(400);
  });

  it('the read models say what the plays say: all-time lists and totals, read both ways', async () => {
    const fromModel = (await get('/api/artists/user?itemsPerPage=100')).body.data;
    const fromPlays = (await get('/api/artists/user?itemsPerPage=100&from=2000-01-01')).body.data;
    expect(fromModel).toEqual(fromPlays);
    const popularModel = (await get('/api/tracks/user/popular?limit=100')).body;
    const popularPlays = (await get('/api/tracks/user/popular?limit=100&from=2000-01-01')).body;
    expect(popularModel.data).toEqual(popularPlays.data);
    expect(popularModel.pagination).toEqual(popularPlays.pagination);
    const latest = (await get('/api/tracks/user/latest?limit=5')).body;
    const latestPlays = (await get('/api/tracks/user/latest?limit=5&from=2000-01-01')).body;
    expect(latest).toEqual(latestPlays);
    const activity = (await get('/api/user/activity')).body.data;
    expect(activity.totals).toMatchObject({ plays: plays.length, listened_ms: plays.reduce((sum, play) => sum + play.ms, 0), artists: 3, tracks: 4 });
  });

  it('an artist page’s listeners, its fans and its popularity come from one source and agree', async () => {
    const artist = await makeArtist(sql, { name: 'Shared Stage' });
    const song = await makeTrack(sql, [artist], { name: 'Crowd Song' });
    const fans: string[] = [];
    for (let n = 0; n < 3; n++) fans.push((await makeAccount(sql, 'fan')).id);
    // Two fans within the last 28 UTC days (one of them twice), one before the window.
    await seedPlays(platform, fans[0], [{ track: song, at: new Date(Date.now() - 2 * DAY_MS) }, { track: song, at: new Date(Date.now() - 3 * DAY_MS) }]);
    await seedPlays(platform, fans[1], [{ track: song, at: new Date(Date.now() - 20 * DAY_MS) }]);
    await seedPlays(platform, fans[2], [{ track: song, at: new Date(Date.now() - 40 * DAY_MS) }]);
    // A fourth only uploaded an export saying so: not a play the platform can trust.
    await writePlays(platform.api.get(Database), [
      { fanId: (await makeAccount(sql, 'fan')).id, playedAt: new Date(Date.now() - DAY_MS), msPlayed: 100_000, source: 'export', providerTrackId: song.providerId, trackName: song.name, artistName: 'Shared Stage', album: null },
    ]);
    // The same figure straight from the plays, with the window computed here.
    const windowStart = new Date(Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`) - 27 * DAY_MS);
    const direct = await sql.value<number>(
      `select count(distinct p.fan_id)::int from listening.plays p join listening.track_artists ta on ta.track_id = p.track_id
        where ta.artist_id = $1 and p.trusted and p.played_at >= $2`,
      [artist, windowStart],
    );
    expect(direct).toBe(2);

    const details = (await platform.request('GET', `/api/artists/details/${artist}`)).body.data;
    const fanList = (await platform.request('GET', `/api/artists/${artist}/fans?days=28`)).body.data;
    expect(details.listeners_28d).toBe(direct);
    expect(fanList.total_fans).toBe(direct);
    expect(details.total_listeners).toBe(3);

    await platform.api.get(QueueRegistry).get('listening').add(ComputePopularity.name, ComputePopularity.create({}));
    const listed = await eventually(
      'popularity',
      async () => {
        const found = (await platform.request('GET', `/api/artists?search=Shared%20Stage`, { cookies: fan.cookies })).body.data[0];
        return found?.listeners_28d === direct ? found : undefined;
      },
      20_000,
    );
    expect(listed.popularity).toBe((await platform.request('GET', `/api/artists/details/${artist}`)).body.data.popularity);
    // The most listened artist of the catalogue in the window: the top of the percentile.
    const most = await sql.value<number>(
      `select max(listeners_28d)::int from listening.artists`,
    );
    expect(most).toBe(direct);
    expect(listed.popularity).toBe(100);
  });
});
