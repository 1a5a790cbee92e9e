import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '#pie/platform';
import { closePiePeriod, openPeriod } from '#pie/pies';
import { logIn, makeAccount, type TestAccount } from '../support/accounts.js';
import { openSql, type Sql } from '../support/sql.js';
import { TestPlatform } from '../support/test-platform.js';
import { makeArtist, makeTrack, seedPlays } from './listening-fixtures.js';
import { DAY, fundWallet, makePie, payInvoice } from './pies-fixtures.js';

/** Statements: the page's figures, the CSV whose lines add up to the charge, the PDF; only the fan's own. */
describe('pies: statements of closed periods', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let fan: TestAccount;
  let cookies: Record<string, string>;
  let periodId: string;
  const start = new Date(Date.now() - 31 * DAY);
  const end = new Date(Date.now() - DAY);

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'pies-statement', worker: false });
    sql = openSql(platform.database.url);
    fan = await makeAccount(sql, 'fan');
    cookies = (await logIn(platform, fan)).cookies;
    const artists = [await makeArtist(sql, { name: '=Formula Band' }), await makeArtist(sql, { name: 'Quiet "Quotes"' }), await makeArtist(sql, { name: 'Third' })];
    const tracks = await Promise.all(artists.map((id) => makeTrack(sql, [id])));
    const pie = await makePie(platform, fan.id, { startsAt: start, endsAt: end, settings: { amountCents: 1000, artistLimit: 2 } });
    periodId = pie.periodId;
    const database = platform.api.get(Database);
    // $10.00 charged: Stripe's 2.9% + 30¢ = 59¢, the platform's 10% = 100¢, 841¢ to the wallet; 37¢ rolled over from before.
    await fundWallet(platform, fan.id, 37, new Date(start.getTime() - DAY));
    await payInvoice(platform, fan.id, { id: 'in_statement_1', grossCents: 1000, processorFeeCents: 59, platformFeeCents: 100, paidAt: start });
    await database.transaction((tx) => openPeriod(tx, pie.pieId, { startsAt: start, endsAt: end }, { invoiceId: 'in_statement_1', fundedCents: 841 }));
    await seedPlays(platform, fan.id, [
      { track: tracks[0], at: new Date(start.getTime() + DAY), ms: 200_000 },
      { track: tracks[1], at: new Date(start.getTime() + 2 * DAY), ms: 100_000 },
      { track: tracks[2], at: new Date(start.getTime() + 3 * DAY), ms: 50_000 },
    ]);
    await database.transaction((tx) => closePiePeriod(tx, periodId));
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  it('shows the charge, each fee, each artist’s listened time, weight, share and where it is now, from the ledger', async () => {
    const response = await platform.request('GET', `/api/pie/periods/${periodId}/statement`, { cookies });
    expect(response.status).toBe(200);
    const statement = response.body.data;
    expect(statement).toMatchObject({ chargeCents: 1000, carriedInCents: 37, splitCents: 878, distributedCents: 878, keptInWalletCents: 0 });
    expect(statement.fees).toEqual([
      { label: 'Payment processing fee (Stripe)', amountCents: 59 },
      { label: 'Pie platform fee', amountCents: 100 },
    ]);
    // 200 : 100 of 878 → 585.33, 292.67 → 585, 293; the third artist is over the limit of 2.
    expect(statement.lines.map((l: { name: string; shareCents: number; whereNow: string; reason: string | null }) => [l.name, l.shareCents, l.whereNow, l.reason])).toEqual([
      ['=Formula Band', 585, 'escrow', null],
      ['Quiet "Quotes"', 293, 'escrow', null],
      ['Third', 0, 'none', 'over_limit'],
    ]);
    expect(statement.lines[0]).toMatchObject({ listenedMs: 200_000, weight: 0.666666 });
  });

  it('downloads a CSV whose lines add up to the charge, to the cent', async () => {
    const response = await platform.request('GET', `/api/pie/periods/${periodId}/statement.csv`, { cookies });
    expect(response.status).toBe(200);
    expect(String(response.headers['content-type'])).toContain('text/csv');
    expect(String(response.headers['content-disposition'])).toContain('attachment');
    const rows = String(response.body).trim().split('\r\n').map((line) => line.split(/,(?=")/).map((cell) => cell.slice(1, -1).replace(/""/g, '"')));
    const header = rows[0];
    const amount = header.indexOf('amount_cents');
    const body = rows.slice(1, -2);
    const charge = Number(rows.at(-1)![amount]);
    expect(charge).toBe(1000);
    expect(body.reduce((sum, row) => sum + Number(row[amount]), 0)).toBe(charge);
    expect(Number(rows.at(-2)![amount])).toBe(charge);
    // Artist names sit behind a label, quoted: a name starting with '=' never opens a cell as a formula.
    expect(body.map((row) => row[0])).toEqual(['Payment processing fee (Stripe)', 'Pie platform fee', 'Artist: =Formula Band', 'Artist: Quiet "Quotes"', 'Kept in your wallet for the next period', 'From earlier periods (already in your wallet)']);
    expect(String(response.body)).not.toMatch(/(^|,)"?=/m);
    // A negative amount stays a number a spreadsheet can add up (no formula guard in front of it).
    const carried = body.at(-1)!;
    expect(Number(carried[amount])).toBeLessThan(0);
    expect(carried[header.indexOf('amount_usd')]).toMatch(/^-\d+\.\d{2}$/);
  });

  it('downloads a PDF', async () => {
    const response = await platform.request('GET', `/api/pie/periods/${periodId}/statement.pdf`, { cookies });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawBody.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.rawBody.length).toBeGreaterThan(1000);
  });

  it('answers 404 for another fan’s period and for a period not yet closed', async () => {
    const other = await makeAccount(sql, 'fan');
    const otherCookies = (await logIn(platform, other)).cookies;
    for (const suffix of ['statement', 'statement.csv', 'statement.pdf']) {
      expect((await platform.request('GET', `/api/pie/periods/${periodId}/${suffix}`, { cookies: otherCookies })).status).toBe(404);
    }
    const open = await makePie(platform, other.id, { startsAt: new Date(), endsAt: new Date(Date.now() + DAY) });
    expect((await platform.request('GET', `/api/pie/periods/${open.periodId}/statement`, { cookies: otherCookies })).status).toBe(404);
    expect((await platform.request('GET', `/api/pie/periods/nope/statement`, { cookies })).status).toBe(400);
  });
});
