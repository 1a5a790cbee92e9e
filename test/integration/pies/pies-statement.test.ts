import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUsd } from '#pie/contracts';
import { Database } from '#pie/platform';
import { closePiePeriod, openPeriod } from '#pie/pies/testing';
import { logIn, makeAccount, type TestAccount } from '../../support/accounts.js';
import { pdfTextRuns } from '../../support/pdf-text.js';
import { openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { makeArtist, makeTrack, seedPlays } from '../listening/listening-fixtures.js';
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
    expect(statement.paid.map((l: { name: string; shareCents: number; whereNow: string; reason: string | null }) => [l.name, l.shareCents, l.whereNow, l.reason])).toEqual([
      ['=Formula Band', 585, 'escrow', null],
      ['Quiet "Quotes"', 293, 'escrow', null],
    ]);
    expect(statement.paid[0]).toMatchObject({ listenedMs: 200_000, weight: 0.666666 });
    // Everyone else: one group per reason, counted, with its artists for the page to list.
    expect(statement.notPaid).toEqual([{ reason: 'over_limit', label: 'Over your artist limit', count: 1, listenedMs: 50_000, artists: [{ artistId: expect.any(String), name: 'Third', listenedMs: 50_000 }] }]);
    expect(statement.money.map((l: { label: string; amountCents: number }) => [l.label, l.amountCents])).toEqual([
      ['Charge', 1000],
      ['Payment processing fee (Stripe)', -59],
      ['Pie platform fee', -100],
      ['From earlier periods (already in your wallet)', 37],
      ['Split among your artists', 878],
      ['To your artists', 878],
      ['Kept in your wallet for the next period', 0],
      ['Total of the lines (fees, shares, kept, less carried in)', 1000],
    ]);
  });

  it('downloads a CSV with the page’s money lines, the artists paid and one counted line per reason', async () => {
    const response = await platform.request('GET', `/api/pie/periods/${periodId}/statement.csv`, { cookies });
    expect(response.status).toBe(200);
    expect(String(response.headers['content-type'])).toContain('text/csv');
    expect(String(response.headers['content-disposition'])).toContain('attachment');
    const rows = String(response.body).trim().split('\r\n').map((line) => line.split(/,(?=")/).map((cell) => cell.slice(1, -1).replace(/""/g, '"')));
    const header = rows[0];
    const [section, line, count, amount, usd] = ['section', 'line', 'artists', 'amount_cents', 'amount_usd'].map((name) => header.indexOf(name));
    const money = new Map(rows.filter((row) => row[section] === 'money').map((row) => [row[line], Number(row[amount])]));
    const paid = rows.filter((row) => row[section] === 'paid');
    // Charge less fees plus what was carried in is the split; the split went to the artists (each line) and the wallet.
    expect(money.get('Charge')! - 59 - 100 + 37).toBe(money.get('Split among your artists'));
    expect(paid.reduce((sum, row) => sum + Number(row[amount]), 0)).toBe(money.get('To your artists'));
    expect(money.get('Total of the lines (fees, shares, kept, less carried in)')).toBe(money.get('Charge'));
    // Artist names are quoted and guarded: a name starting with '=' never opens a cell as a formula.
    expect(paid.map((row) => row[line])).toEqual(["'=Formula Band", 'Quiet "Quotes"']);
    expect(String(response.body)).not.toMatch(/(^|,)"?=/m);
    expect(rows.filter((row) => row[section] === 'not_paid').map((row) => [row[line], row[count]])).toEqual([['Over your artist limit', '1']]);
    // A negative amount stays a number a spreadsheet can add up (no formula guard in front of it).
    const fee = rows.find((row) => row[line] === 'Pie platform fee')!;
    expect(fee[amount]).toBe('-100');
    expect(fee[usd]).toBe('-1.00');
  });

  it('downloads a PDF', async () => {
    const response = await platform.request('GET', `/api/pie/periods/${periodId}/statement.pdf`, { cookies });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawBody.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.rawBody.length).toBeGreaterThan(1000);
  });

  it('shows the same money lines, labelled the same, on the page, in the CSV and in the PDF (the PDF once showed the split where the CSV showed the charge)', async () => {
    const statement = (await platform.request('GET', `/api/pie/periods/${periodId}/statement`, { cookies })).body.data as { money: { label: string; amountCents: number }[] };
    const page = statement.money.map((line) => [line.label, line.amountCents]);
    expect(page).toContainEqual(['Charge', 1000]);
    expect(page).toContainEqual(['Total of the lines (fees, shares, kept, less carried in)', 1000]);

    const csv = String((await platform.request('GET', `/api/pie/periods/${periodId}/statement.csv`, { cookies })).body)
      .trim()
      .split('\r\n')
      .map((line) => line.split(/,(?=")/).map((cell) => cell.slice(1, -1).replace(/""/g, '"')));
    expect(csv.filter((row) => row[0] === 'money').map((row) => [row[1], Number(row[7])])).toEqual(page);

    // The PDF: each money line's label, then its amount in the one money format (−$1.00).
    const runs = pdfTextRuns((await platform.request('GET', `/api/pie/periods/${periodId}/statement.pdf`, { cookies })).rawBody);
    const start = runs.indexOf('Charge');
    const pdf = Array.from({ length: page.length }, (_, i) => [runs[start + 2 * i], runs[start + 2 * i + 1]]);
    expect(pdf).toEqual(page.map(([label, cents]) => [label, formatUsd(cents as number)]));
    expect(runs).toContain('\u2212$1.00');
    // The artist left out is one counted line, not a row of zeros.
    expect(runs).toContain('Over your artist limit: 1 artist, 1 min');
    expect(runs.some((run) => run.includes('Third'))).toBe(false);
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
