import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impactCardPng } from '#pie/admin/testing';
import { Database } from '#pie/platform';
import { expireEscrowOf } from '#pie/payouts/testing';
import { closePiePeriod, createPie, openPeriod } from '#pie/pies/testing';
import { logIn, makeAccount, type TestAccount } from '../../support/accounts.js';
import { openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { makeCatalogueArtist, officeAdmin } from '../claims/artist-area-fixtures.js';
import { makeTrack, seedPlays, type CatalogueTrack } from '../listening/listening-fixtures.js';
import { verifyClaim } from '../payouts/payouts-fixtures.js';
import { defaultSettings, payInvoice } from '../pies/pies-fixtures.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

interface Fan {
  account: TestAccount;
  cookies: Record<string, string>;
  pieId: string;
  periodIds: string[];
}

/**
 * A fan's impact (issue 31, item 2) on a seeded history: Ana (public profile) funded three artists
 * over two periods across a year's end; Ben (private) funded one of them. Every figure of Ana's
 * impact is compared with the ledger's own postings, to the cent; Ben's data never reaches Ana's
 * impact nor a shared card, and no card or period of another fan is reachable.
 */
describe('a fan’s impact: every figure is the ledger’s, and cards show only what visibility allows', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let database: Database;
  let webDir: string;
  let ana: Fan;
  let ben: Fan;
  const artists: Record<'fr' | 'jp' | 'nowhere', { id: string; spotifyId: string; name: string }> = {} as never;

  /** Σ postings straight from the ledger's tables. */
  async function postings(filter: { kinds: string[]; account: string; fanId: string; from?: string; to?: string }): Promise<number> {
    const value = await sql.value<string>(
      `select coalesce(sum(p.amount_cents), 0) from ledger.postings p join ledger.journals j on j.id = p.journal_id
        where j.kind = any($1) and (p.account = $2 or p.account like $2 || ':%') and j."references"->>'fanId' = $3
          and ($4::timestamptz is null or j.occurred_at >= $4) and ($5::timestamptz is null or j.occurred_at < $5)`,
      [filter.kinds, filter.account, filter.fanId, filter.from ?? null, filter.to ?? null],
    );
    return Number(value);
  }

  const get = async (path: string, cookies: Record<string, string>) => {
    const response = await platform.request('GET', path, { cookies });
    expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
    return response.body.data;
  };

  async function fanWithHistory(periods: { startsAt: string; endsAt: string; plays: [CatalogueTrack, number][] }[], profile: { public: boolean; username: string }): Promise<Fan> {
    const account = await makeAccount(sql, 'fan');
    const { cookies } = await logIn(platform, account);
    await sql.query(
      `insert into listening.fan_profiles (fan_id, username, profile_public, top_artists_public) values ($1, $2, $3, $3)
       on conflict (fan_id) do update set username = excluded.username, profile_public = excluded.profile_public, top_artists_public = excluded.top_artists_public`,
      [account.id, profile.username, profile.public],
    );
    let pieId = '';
    const periodIds: string[] = [];
    for (const period of periods) {
      const startsAt = new Date(period.startsAt);
      const endsAt = new Date(period.endsAt);
      await seedPlays(platform, account.id, period.plays.map(([track, minutes], index) => ({ track, at: new Date(startsAt.getTime() + 3_600_000 * (index + 1)), ms: minutes * 60_000 })));
      const invoiceId = `in_${randomUUID().slice(0, 12)}`;
      const net = await payInvoice(platform, account.id, { id: invoiceId, grossCents: 1000, processorFeeCents: 59, platformFeeCents: 100, paidAt: startsAt });
      const periodId = await database.transaction(async (tx) => {
        if (!pieId) pieId = (await createPie(tx, { fanId: account.id, subscriptionId: `sub_${randomUUID().slice(0, 12)}`, promo: false, settings: defaultSettings, firstPeriod: { startsAt, endsAt } })).pieId;
        return (await openPeriod(tx, pieId, { startsAt, endsAt }, { invoiceId, fundedCents: net })).periodId;
      });
      await database.transaction((tx) => closePiePeriod(tx, periodId));
      periodIds.push(periodId);
    }
    return { account, cookies, pieId, periodIds };
  }

  beforeAll(async () => {
    // A stand-in web build, so the API serves /pie/:pieId as it does in production.
    webDir = mkdtempSync(join(tmpdir(), 'pie-impact-web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><html><head><title>Pie</title></head><body><div id="root"></div></body></html>');
    platform = await TestPlatform.start({ label: 'fan-impact', env: { WEB_DIST_DIR: webDir, PUBLIC_URL: 'https://pie.example' } });
    sql = openSql(platform.database.url);
    database = platform.api.get(Database);

    artists.fr = await makeCatalogueArtist(sql, 'Impact Popular FR');
    artists.jp = await makeCatalogueArtist(sql, 'Impact Niche JP');
    artists.nowhere = await makeCatalogueArtist(sql, 'Impact Unknown Land');
    await sql.query(`update listening.artists set country = 'FR', popularity = 80 where id = $1`, [artists.fr.id]);
    await sql.query(`update listening.artists set country = 'JP', popularity = 20 where id = $1`, [artists.jp.id]);
    await sql.query(`update listening.artists set country = null, popularity = 49 where id = $1`, [artists.nowhere.id]);
    const fr = await makeTrack(sql, [artists.fr.id]);
    const jp = await makeTrack(sql, [artists.jp.id]);
    const nowhere = await makeTrack(sql, [artists.nowhere.id]);

    ana = await fanWithHistory(
      [
        { startsAt: '2025-12-01T00:00:00Z', endsAt: '2025-12-31T00:00:00Z', plays: [[fr, 6], [jp, 3]] },
        { startsAt: '2026-01-05T00:00:00Z', endsAt: '2026-02-04T00:00:00Z', plays: [[jp, 2], [nowhere, 5]] },
      ],
      { public: true, username: 'ana_impact' },
    );
    ben = await fanWithHistory([{ startsAt: '2026-03-01T00:00:00Z', endsAt: '2026-03-31T00:00:00Z', plays: [[fr, 7]] }], { public: false, username: 'ben_private' });

    // An office claims the French artist: Ana's money there still waits (no Stripe yet), now for a claimed artist.
    await verifyClaim(platform, await officeAdmin(platform, sql, 'Impact Office'), artists.fr);
    await platform.settled();
  }, 240_000);
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  it('all time: paid in, given to each artist, per month, below the median, per country and waiting in escrow are the ledger’s, to the cent', async () => {
    const fanId = ana.account.id;
    const impact = await get('/api/report/impact', ana.cookies);
    const summary = await get('/api/fan-wallet/summary', ana.cookies);

    const paidIn = -(await postings({ kinds: ['invoice_paid'], account: 'stripe_clearing', fanId }));
    const given = -(await postings({ kinds: ['pie_period_closed'], account: `fan_wallet:${fanId}`, fanId }));
    expect(paidIn).toBe(2000);
    expect(given).toBe(2 * 841);
    expect(impact.paidInCents).toBe(paidIn);
    expect(impact.paidInCents).toBe(summary.paidInCents);
    expect(impact.givenToArtistsCents).toBe(given);
    expect(impact.givenToArtistsCents).toBe(summary.givenToArtistsCents);

    // Each artist's share is what the fan's closes put in that artist's escrow.
    const byArtist: Record<string, number> = {};
    for (const artist of Object.values(artists)) byArtist[artist.id] = await postings({ kinds: ['pie_period_closed'], account: `artist_escrow:${artist.id}`, fanId });
    expect(Object.values(byArtist).every((cents) => cents > 0)).toBe(true);
    expect(Object.fromEntries(impact.artists.map((artist: { artistId: string; givenCents: number }) => [artist.artistId, artist.givenCents]))).toEqual(byArtist);
    expect(impact.artistCount).toBe(3);
    expect(impact.artists.map((artist: { name: string }) => artist.name)).not.toContain('ben_private');

    // Below the median popularity (50): the Japanese (20) and the unknown-country (49) artists.
    expect(impact.belowMedian).toEqual({
      cents: byArtist[artists.jp.id]! + byArtist[artists.nowhere.id]!,
      shareBps: Math.floor(((byArtist[artists.jp.id]! + byArtist[artists.nowhere.id]!) * 10_000) / given),
      medianPopularity: 50,
    });
    expect(impact.countries).toEqual(
      [
        { code: 'FR', givenCents: byArtist[artists.fr.id], artists: 1 },
        { code: 'JP', givenCents: byArtist[artists.jp.id], artists: 1 },
      ].sort((a, b) => b.givenCents! - a.givenCents!),
    );
    expect(impact.unknownCountry).toEqual({ givenCents: byArtist[artists.nowhere.id], artists: 1 });

    // Per month: the invoices' and the closes' UTC months, each month the ledger's.
    const months = [
      ['2025-12', '2025-12-01T00:00:00Z', '2026-01-01T00:00:00Z'],
      ['2026-01', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'],
      ['2026-02', '2026-02-01T00:00:00Z', '2026-03-01T00:00:00Z'],
    ] as const;
    const expected = [];
    for (const [month, from, to] of months) {
      expected.push({
        month,
        paidInCents: 0 - (await postings({ kinds: ['invoice_paid'], account: 'stripe_clearing', fanId, from, to })),
        givenToArtistsCents: 0 - (await postings({ kinds: ['pie_period_closed'], account: `fan_wallet:${fanId}`, fanId, from, to })),
      });
    }
    expect(impact.months).toEqual(expected);
    expect(expected.map((month) => month.givenToArtistsCents)).toEqual([841, 0, 841]);

    // Waiting: the fan's own holdings in each escrow now, named, claimed or not.
    const holdings = await sql.query<{ account: string; balance_cents: string }>(`select account, balance_cents from ledger.escrow_holdings where fan_id = $1 and balance_cents > 0`, [fanId]);
    expect(holdings).toHaveLength(3);
    expect(Object.fromEntries(impact.waiting.map((row: { artistId: string; heldCents: number }) => [`artist_escrow:${row.artistId}`, row.heldCents]))).toEqual(
      Object.fromEntries(holdings.map((row) => [row.account, Number(row.balance_cents)])),
    );
    expect(impact.waitingCents).toBe(summary.waitingInEscrowCents);
    expect(impact.waiting.find((row: { artistId: string }) => row.artistId === artists.fr.id)).toMatchObject({ name: 'Impact Popular FR', claimed: true });
    expect(impact.waiting.find((row: { artistId: string }) => row.artistId === artists.jp.id)).toMatchObject({ claimed: false });
    expect(impact.card).toEqual({ namesFan: true, namesArtists: true });
  });

  it('a year and a period are the ledger’s too (the statement’s charge and shares)', async () => {
    const fanId = ana.account.id;
    const year2025 = await get('/api/report/impact?year=2025', ana.cookies);
    expect(year2025.scope).toMatchObject({ kind: 'year', year: 2025, label: '2025' });
    expect(year2025.paidInCents).toBe(-(await postings({ kinds: ['invoice_paid'], account: 'stripe_clearing', fanId, from: '2025-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' })));
    expect(year2025.givenToArtistsCents).toBe(-(await postings({ kinds: ['pie_period_closed'], account: `fan_wallet:${fanId}`, fanId, from: '2025-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' })));
    expect([year2025.paidInCents, year2025.givenToArtistsCents, year2025.artistCount]).toEqual([1000, 841, 2]);

    const periodId = ana.periodIds[1]!;
    const period = await get(`/api/report/impact?periodId=${periodId}`, ana.cookies);
    const statement = await get(`/api/pie/periods/${periodId}/statement`, ana.cookies);
    expect(period.scope).toMatchObject({ kind: 'period', periodId });
    expect(period.paidInCents).toBe(statement.chargeCents);
    expect(period.givenToArtistsCents).toBe(statement.sharesCents);
    expect(period.artists.map((artist: { artistId: string; givenCents: number }) => [artist.artistId, artist.givenCents]).sort()).toEqual(
      statement.paid.map((line: { artistId: string; shareCents: number }) => [line.artistId, line.shareCents]).sort(),
    );
  });

  it('refuses bad input with 400, another fan’s period with 404, and no session with 401', async () => {
    for (const query of ['year=abc', 'year=1999', 'year=2026.5', `year=2026&periodId=${ana.periodIds[0]}`, 'periodId=nope', 'fanId=x']) {
      const response = await platform.request('GET', `/api/report/impact?${query}`, { cookies: ana.cookies });
      expect(response.status, query).toBe(400);
      expect(response.body.success).toBe(false);
      const card = await platform.request('GET', `/api/report/impact/card.png?${query}`, { cookies: ana.cookies });
      expect(card.status, `card ${query}`).toBe(400);
    }
    // Ben's period through Ana's session: not hers, so not found (nothing of Ben's is told).
    for (const path of [`/api/report/impact?periodId=${ben.periodIds[0]}`, `/api/report/impact/card.png?periodId=${ben.periodIds[0]}`]) {
      const response = await platform.request('GET', path, { cookies: ana.cookies });
      expect(response.status, path).toBe(404);
    }
    expect((await platform.request('GET', '/api/report/impact')).status).toBe(401);
    expect((await platform.request('GET', '/api/report/impact/card.png')).status).toBe(401);
    // Ben sees only his own money: Ana's artists and figures are not in his impact.
    const benImpact = await get('/api/report/impact', ben.cookies);
    expect(benImpact.artists.map((artist: { artistId: string }) => artist.artistId)).toEqual([artists.fr.id]);
    expect(benImpact.givenToArtistsCents).toBe(-(await postings({ kinds: ['pie_period_closed'], account: `fan_wallet:${ben.account.id}`, fanId: ben.account.id })));
  });

  it('downloads the fan’s own card as a 1200×630 PNG; a private fan’s card is the figures-only card', async () => {
    const own = await platform.request('GET', '/api/report/impact/card.png?year=2026', { cookies: ana.cookies });
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['content-disposition']).toBe('attachment; filename="pie-impact-2026.png"');
    expect(own.rawBody.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(pngSize(own.rawBody)).toEqual([1200, 630]);
    const period = await platform.request('GET', `/api/report/impact/card.png?periodId=${ana.periodIds[0]}`, { cookies: ana.cookies });
    expect(period.status).toBe(200);
    expect(period.headers['content-disposition']).toBe(`attachment; filename="pie-impact-period-${ana.periodIds[0]!.slice(0, 8)}.png"`);
    expect(pngSize(period.rawBody)).toEqual([1200, 630]);

    const benImpact = await get('/api/report/impact', ben.cookies);
    expect(benImpact.card).toEqual({ namesFan: false, namesArtists: false });
    const benCard = await platform.request('GET', '/api/report/impact/card.png', { cookies: ben.cookies });
    expect(benCard.status).toBe(200);
    // The private fan's card is exactly the card without names (the names' absence is the card renderer's unit test).
    expect(benCard.rawBody.equals(await impactCardPng({ impact: benImpact, fanName: null, artistNames: false }))).toBe(true);
    expect(benCard.rawBody.equals(await impactCardPng({ impact: benImpact, fanName: 'ben_private', artistNames: true }))).toBe(false);
  });

  it('a public fan’s pie has a public card and Open Graph tags; a private fan’s pie has neither', async () => {
    const card = await platform.request('GET', `/api/pie/pie/${ana.pieId}/card.png`);
    expect(card.status).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    expect(pngSize(card.rawBody)).toEqual([1200, 630]);
    const page = await platform.request('GET', `/pie/${ana.pieId}`);
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain(`<meta property="og:image" content="https://pie.example/api/pie/pie/${ana.pieId}/card.png">`);

    for (const pieId of [ben.pieId, randomUUID()]) {
      expect((await platform.request('GET', `/api/pie/pie/${pieId}/card.png`)).status).toBe(404);
      const plain = await platform.request('GET', `/pie/${pieId}`);
      expect(plain.status).toBe(200);
      expect(String(plain.body)).toContain('<div id="root">');
      expect(String(plain.body)).not.toContain('og:image');
    }
    expect((await platform.request('GET', '/api/pie/pie/not-a-pie/card.png')).status).toBe(400);
    expect(String((await platform.request('GET', '/pie/not-a-pie')).body)).not.toContain('og:image');

    // Ana turns her profile private: her pie's card and its tags are gone.
    const hidden = await platform.request('PUT', '/api/user/visibility', { cookies: ana.cookies, body: { public: false } });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect((await platform.request('GET', `/api/pie/pie/${ana.pieId}/card.png`)).status).toBe(404);
    expect(String((await platform.request('GET', `/pie/${ana.pieId}`)).body)).not.toContain('og:image');
  });
  it('counts what the artists kept: money an expiry gave back to the fan is no longer given (all time and its year), while the period still shows what its close gave', async () => {
    const kept = await makeCatalogueArtist(sql, 'Impact Kept');
    const expiring = await makeCatalogueArtist(sql, 'Impact Expiring');
    const cleo = await fanWithHistory(
      [{ startsAt: '2026-04-01T00:00:00Z', endsAt: '2026-04-30T00:00:00Z', plays: [[await makeTrack(sql, [kept.id]), 5], [await makeTrack(sql, [expiring.id]), 5]] }],
      { public: true, username: 'cleo_impact' },
    );
    const fanId = cleo.account.id;
    const before = await get('/api/report/impact', cleo.cookies);
    expect(before.givenToArtistsCents).toBe(841);
    const expiringShare = before.artists.find((artist: { artistId: string }) => artist.artistId === expiring.id).givenCents;
    expect(expiringShare).toBeGreaterThan(0);

    // Nobody claimed the artist in time: the fan's money there goes back to their wallet.
    const returned = await database.transaction((tx) => expireEscrowOf(tx, expiring.id, new Date(Date.now() + 86_400_000)));
    expect(returned.map((entry) => [entry.fanId, entry.amountCents])).toEqual([[fanId, expiringShare]]);

    const expiredAt = new Date().toISOString();
    const thisYear = Number(expiredAt.slice(0, 4));
    const after = await get('/api/report/impact', cleo.cookies);
    const keptInLedger = (await postings({ kinds: ['pie_period_closed', 'escrow_expired'], account: 'artist_escrow', fanId }));
    expect(after.givenToArtistsCents).toBe(keptInLedger);
    expect(after.givenToArtistsCents).toBe(841 - expiringShare);
    expect(after.artists.map((artist: { artistId: string }) => artist.artistId)).toEqual([kept.id]);
    expect(after.artistCount).toBe(1);
    expect(after.waiting.map((artist: { artistId: string }) => artist.artistId)).toEqual([kept.id]);
    // The expiry is dated now: this year's figure is lower by the share, April's shows the whole close.
    const year = await get(`/api/report/impact?year=${thisYear}`, cleo.cookies);
    expect(year.givenToArtistsCents).toBe(thisYear === 2026 ? 841 - expiringShare : -expiringShare);
    expect(after.months.find((month: { month: string }) => month.month === '2026-04').givenToArtistsCents).toBe(841);
    const period = await get(`/api/report/impact?periodId=${cleo.periodIds[0]}`, cleo.cookies);
    expect(period.givenToArtistsCents).toBe(841);
  });
});
