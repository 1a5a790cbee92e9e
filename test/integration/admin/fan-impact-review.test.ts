import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '#pie/platform';
import { closePiePeriod, createPie, openPeriod } from '#pie/pies/testing';
import { logIn, makeAccount, type TestAccount } from '../../support/accounts.js';
import { openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { makeCatalogueArtist } from '../claims/artist-area-fixtures.js';
import { makeTrack, seedPlays } from '../listening/listening-fixtures.js';
import { defaultSettings, payInvoice } from '../pies/pies-fixtures.js';

/**
 * Review of issue 31 item 2 as an attacker: hostile names never break a card (500), other
 * sessions and malformed queries are refused, a deleted fan's pie has no public card.
 */
describe('a fan’s impact under attack', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let database: Database;
  let fan: { account: TestAccount; cookies: Record<string, string>; pieId: string; periodId: string };
  let artistId: string;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'fan-impact-review' });
    sql = openSql(platform.database.url);
    database = platform.api.get(Database);
    const artist = await makeCatalogueArtist(sql, 'Review Artist');
    artistId = artist.id;
    const track = await makeTrack(sql, [artist.id]);
    const account = await makeAccount(sql, 'fan');
    const { cookies } = await logIn(platform, account);
    await sql.query(`insert into listening.fan_profiles (fan_id, username, profile_public, top_artists_public) values ($1, 'rev_fan', true, true)
       on conflict (fan_id) do update set username = excluded.username, profile_public = true, top_artists_public = true`, [account.id]);
    const startsAt = new Date('2026-01-05T00:00:00Z');
    const endsAt = new Date('2026-02-04T00:00:00Z');
    await seedPlays(platform, account.id, [{ track, at: new Date(startsAt.getTime() + 3_600_000), ms: 600_000 }]);
    const invoiceId = `in_${randomUUID().slice(0, 12)}`;
    const net = await payInvoice(platform, account.id, { id: invoiceId, grossCents: 1000, processorFeeCents: 59, platformFeeCents: 100, paidAt: startsAt });
    let pieId = '';
    const periodId = await database.transaction(async (tx) => {
      pieId = (await createPie(tx, { fanId: account.id, subscriptionId: `sub_${randomUUID().slice(0, 12)}`, promo: false, settings: defaultSettings, firstPeriod: { startsAt, endsAt } })).pieId;
      return (await openPeriod(tx, pieId, { startsAt, endsAt }, { invoiceId, fundedCents: net })).periodId;
    });
    await database.transaction((tx) => closePiePeriod(tx, periodId));
    fan = { account, cookies, pieId, periodId };
    await platform.settled();
  }, 240_000);
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  it('an artist name with a character XML forbids (U+FFFF) still renders the fan’s and the public card, not a 500', async () => {
    await sql.query(`update listening.artists set name = $2 where id = $1`, [artistId, 'Odd\uFFFF\uFFFEName']);
    const own = await platform.request('GET', '/api/report/impact/card.png', { cookies: fan.cookies });
    expect(own.status, String(own.body).slice(0, 200)).toBe(200);
    const shared = await platform.request('GET', `/api/pie/pie/${fan.pieId}/card.png`);
    expect(shared.status, String(shared.body).slice(0, 200)).toBe(200);
    await sql.query(`update listening.artists set name = 'Review Artist' where id = $1`, [artistId]);
  });

  it('malformed queries are 400, never 500', async () => {
    for (const query of ['year=1&year=2', 'year=2026&year=2026', 'year=99999999999999999999999', 'year=', 'year=Infinity', 'year=-2026', `periodId=${fan.periodId}&periodId=${fan.periodId}`, 'periodId=', 'year[]=2026', 'year=1e3']) {
      const response = await platform.request('GET', `/api/report/impact?${query}`, { cookies: fan.cookies });
      expect(response.status, `${query}: ${JSON.stringify(response.body)}`).toBe(400);
    }
    expect((await platform.request('GET', `/api/report/impact?periodId=${randomUUID()}`, { cookies: fan.cookies })).status).toBe(404);
    // A path too long for the router is 414 (Fastify's maxParamLength): still the caller's error.
    expect([400, 414]).toContain((await platform.request('GET', `/api/pie/pie/${'0'.repeat(5000)}/card.png`)).status);
  });

  it('an artist or admin session is not a fan session', async () => {
    for (const kind of ['artist', 'admin'] as const) {
      const { cookies } = await logIn(platform, await makeAccount(sql, kind));
      for (const path of ['/api/report/impact', '/api/report/impact/card.png']) {
        const response = await platform.request('GET', path, { cookies });
        expect(response.status, `${kind} ${path}`).toBe(401);
      }
    }
  });

  it('a public card may be kept by no cache without asking again (a fan who turns private is off it at once)', async () => {
    const card = await platform.request('GET', `/api/pie/pie/${fan.pieId}/card.png`);
    expect(card.status).toBe(200);
    expect(card.headers['cache-control']).toBe('no-cache');
  });

  it('a deleted fan’s pie has no public card nor Open Graph tags, at once (not only once the listening worker forgot their profile)', async () => {
    expect((await platform.request('GET', `/api/pie/pie/${fan.pieId}/card.png`)).status).toBe(200);
    const deleted = await platform.request('DELETE', '/api/auth/account', { cookies: fan.cookies });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await platform.request('GET', `/api/pie/pie/${fan.pieId}/card.png`)).status).toBe(404);
    await platform.settled();
    expect((await platform.request('GET', `/api/pie/pie/${fan.pieId}/card.png`)).status).toBe(404);
  });
});
