import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPLIT_ESTIMATE_DAYS } from '#pie/contracts';
import { logIn, makeAccount } from '../../support/accounts.js';
import { openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { makeArtist, makeTrack, seedPlays, type CatalogueTrack } from '../listening/listening-fixtures.js';
import { DAY, fundWallet, makePie } from './pies-fixtures.js';

interface SplitLine {
  artistId: string;
  selected: boolean;
  reason: string | null;
  shareCents: number;
  listenedMs: number;
}

/**
 * A split before paying (issue 29 item 10): plays before a pie started never count for it, so a new
 * fan saw no split in the create modal nor on /pie right after paying. `realtime-stats` (the same
 * split function as the close) estimates it from the last 28 days of listening, and says so, for a
 * pie not created yet (`new`) and for a period without listening of its own.
 */
describe('the estimated split before a period has listening', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let artists: string[];
  let tracks: CatalogueTrack[];

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'pies-estimate', worker: false });
    sql = openSql(platform.database.url);
    artists = [];
    for (const [index, popularity] of [90, 50, 10, 60].entries()) artists.push(await makeArtist(sql, { name: `Estimate Artist ${index}`, popularity }));
    tracks = [];
    for (const artistId of artists) tracks.push(await makeTrack(sql, [artistId]));
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  async function fan() {
    const account = await makeAccount(sql, 'fan');
    return { account, cookies: (await logIn(platform, account)).cookies };
  }
  /** Three artists in the last weeks (3, 2 and 1 hours), one only 40 days ago (outside the 28 days). */
  async function recentListening(fanId: string) {
    await seedPlays(platform, fanId, [
      { track: tracks[0], at: new Date(Date.now() - 3 * DAY), ms: 3 * 3_600_000 },
      { track: tracks[1], at: new Date(Date.now() - 10 * DAY), ms: 2 * 3_600_000 },
      { track: tracks[2], at: new Date(Date.now() - 20 * DAY), ms: 1 * 3_600_000 },
      { track: tracks[3], at: new Date(Date.now() - 40 * DAY), ms: 5 * 3_600_000 },
    ]);
  }
  const stats = async (cookies: Record<string, string>, path: string) => {
    const response = await platform.request('GET', path, { cookies });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as { pieId: string | null; periodId: string | null; from: string; to: string; amountCents: number; estimate: { days: number } | null; artists: SplitLine[] };
  };
  const shares = (lines: SplitLine[]) => Object.fromEntries(lines.filter((line) => line.selected).map((line) => [line.artistId, line.shareCents]));

  it('estimates a new pie’s split of the amount asked about from the last 28 days, with the fan’s bans and the settings tried', async () => {
    const { account, cookies } = await fan();
    await recentListening(account.id);
    const estimate = await stats(cookies, '/api/pie/new/realtime-stats?amount=8.41&limit=20&artistPopularity=0&excludeNonActive=false');
    expect(estimate).toMatchObject({ pieId: null, periodId: null, amountCents: 841, estimate: { days: SPLIT_ESTIMATE_DAYS } });
    expect(Date.parse(estimate.to) - Date.parse(estimate.from)).toBeGreaterThanOrEqual(SPLIT_ESTIMATE_DAYS * DAY);
    // 3 : 2 : 1 of $8.41, to the cent; the play 40 days ago is not in it.
    expect(shares(estimate.artists)).toEqual({ [artists[0]]: 421, [artists[1]]: 280, [artists[2]]: 140 });
    expect(estimate.artists.map((line) => line.artistId)).not.toContain(artists[3]);

    // The settings the fan tries in the modal move it: the limit, the tilt toward less popular artists.
    expect(shares((await stats(cookies, '/api/pie/new/realtime-stats?amount=8.41&limit=1')).artists)).toEqual({ [artists[0]]: 841 });
    const tilted = shares((await stats(cookies, '/api/pie/new/realtime-stats?amount=8.41&artistPopularity=100')).artists);
    expect(tilted[artists[0]]).toBeLessThan(421);
    expect(tilted[artists[2]]).toBeGreaterThan(140);
    expect(Object.values(tilted).reduce((sum, cents) => sum + cents, 0)).toBe(841);

    // A ban applies to every pie, the one not made yet too.
    expect((await platform.request('PATCH', `/api/pie/artist/${artists[0]}/ban`, { cookies, body: { banned: true } })).status).toBe(200);
    const banned = await stats(cookies, '/api/pie/new/realtime-stats?amount=8.41');
    expect(banned.artists.find((line) => line.artistId === artists[0])).toMatchObject({ selected: false, reason: 'banned', shareCents: 0 });
    expect(shares(banned.artists)).toEqual({ [artists[1]]: 561, [artists[2]]: 280 });
    // Nothing is stored for a pie that does not exist.
    expect(await sql.value<number>(`select count(*)::int from pies.pie_artists pa join pies.pies p on p.id = pa.pie_id where p.fan_id = $1`, [account.id])).toBe(0);
  });

  it('estimates nothing for a fan without listening, and asks for the amount only of a new pie', async () => {
    const { cookies } = await fan();
    const empty = await stats(cookies, '/api/pie/new/realtime-stats?amount=10');
    expect(empty).toMatchObject({ amountCents: 1000, estimate: { days: SPLIT_ESTIMATE_DAYS }, artists: [] });

    const missing = await platform.request('GET', '/api/pie/new/realtime-stats', { cookies });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty('amount');
    const tooMuch = await platform.request('GET', '/api/pie/new/realtime-stats?amount=1000.01', { cookies });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toContain('amount');
    expect((await platform.request('GET', '/api/pie/old/realtime-stats?amount=10', { cookies })).status).toBe(400);
    expect((await platform.request('GET', '/api/pie/new/realtime-stats?amount=10', {})).status).toBe(401);
  });

  it('shows a period without listening of its own the estimate, labelled, until the period has some', async () => {
    const { account, cookies } = await fan();
    await recentListening(account.id);
    // Just paid: the period started a minute ago, its wallet holds the net.
    const startsAt = new Date(Date.now() - 60_000);
    const { pieId, periodId } = await makePie(platform, account.id, { startsAt, endsAt: new Date(startsAt.getTime() + 30 * DAY), settings: { amountCents: 1000 } });
    await fundWallet(platform, account.id, 841, new Date(startsAt.getTime() + 1000));
    const estimated = await stats(cookies, `/api/pie/${pieId}/realtime-stats`);
    expect(estimated).toMatchObject({ pieId, periodId, amountCents: 841, estimate: { days: SPLIT_ESTIMATE_DAYS } });
    expect(shares(estimated.artists)).toEqual({ [artists[0]]: 421, [artists[1]]: 280, [artists[2]]: 140 });
    // `amount` is a new pie's: a pie splits its wallet.
    const refused = await platform.request('GET', `/api/pie/${pieId}/realtime-stats?amount=5`, { cookies });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toHaveProperty('amount');

    // The period's first play: from now on it is the period's own split, and no estimate.
    await seedPlays(platform, account.id, [{ track: tracks[3], at: new Date(), ms: 600_000 }]);
    const own = await stats(cookies, `/api/pie/${pieId}/realtime-stats`);
    expect(own.estimate).toBeNull();
    expect(own.from).toBe(startsAt.toISOString());
    expect(shares(own.artists)).toEqual({ [artists[3]]: 841 });
  });
});
