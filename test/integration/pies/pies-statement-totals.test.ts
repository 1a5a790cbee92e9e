import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, Ledger } from '#pie/ledger';
import { Database } from '#pie/platform';
import { closePiePeriod, createPie, openPeriod } from '#pie/pies/testing';
import { logIn, makeAccount } from '../../support/accounts.js';
import { openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { makeArtist, makeTrack, seedPlays, type CatalogueTrack } from '../listening/listening-fixtures.js';
import { DAY, defaultSettings, makePie, payInvoice } from './pies-fixtures.js';

/** A statement's total is the sum of lines read on their own, so it shows a difference when the books disagree. */
describe('pies: what a statement adds up', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let database: Database;
  let ledger: Ledger;
  let track: CatalogueTrack;
  const start = new Date(Date.now() - 31 * DAY);
  const end = new Date(Date.now() - DAY);

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'pies-statement-totals', worker: false });
    sql = openSql(platform.database.url);
    database = platform.api.get(Database);
    ledger = new Ledger(database);
    track = await makeTrack(sql, [await makeArtist(sql, { name: 'Totals Artist' })]);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  const csvRows = async (periodId: string, cookies: Record<string, string>) =>
    String((await platform.request('GET', `/api/pie/periods/${periodId}/statement.csv`, { cookies })).body)
      .trim()
      .split('\r\n')
      .map((line) => line.split(/,(?=")/).map((cell) => cell.slice(1, -1).replace(/""/g, '"')));

  it('shows the difference when what the close recorded disagrees with the ledger (a period recorded as funded with more than was paid in)', async () => {
    const fan = await makeAccount(sql, 'fan');
    const { cookies } = await logIn(platform, fan);
    const { pieId, periodId } = await makePie(platform, fan.id, { startsAt: start, endsAt: end });
    const invoiceId = `in_${randomUUID().slice(0, 12)}`;
    await payInvoice(platform, fan.id, { id: invoiceId, grossCents: 1000, processorFeeCents: 59, platformFeeCents: 100, paidAt: start });
    // The defect: the period says 900¢ funded it while the invoice's journal put 841¢ in the wallet.
    await database.transaction((tx) => openPeriod(tx, pieId, { startsAt: start, endsAt: end }, { invoiceId, fundedCents: 900 }));
    await seedPlays(platform, fan.id, [{ track, at: new Date(start.getTime() + DAY), ms: 300_000 }]);
    await database.transaction((tx) => closePiePeriod(tx, periodId));

    const statement = (await platform.request('GET', `/api/pie/periods/${periodId}/statement`, { cookies })).body.data;
    expect(statement).toMatchObject({ chargeCents: 1000, chargeLabel: 'Charge', splitCents: 841, carriedInCents: -59, totalCents: 1059, differenceCents: 59 });
    const rows = await csvRows(periodId, cookies);
    expect(rows.filter((row) => row[0] === 'money').map((row) => [row[1], Number(row[7])])).toEqual([
      ['Charge', 1000],
      ['Payment processing fee (Stripe)', -59],
      ['Pie platform fee', -100],
      ['Of this charge, not in this split (refunded, or paid after the period ended)', -59],
      ['Split among your artists', 841],
      ['To your artists', 841],
      ['Kept in your wallet for the next period', 0],
      ['Total of the lines (fees, shares, kept, less carried in)', 1059],
      ['Difference: the lines do not add up to the charge (reported to Pie)', 59],
    ]);
  });

  it('a promotional period shows the free promotion as its charge, not as money from earlier periods', async () => {
    const fan = await makeAccount(sql, 'fan');
    const { cookies } = await logIn(platform, fan);
    const subscriptionId = `promo_${fan.id}`;
    // Pie funds the promotion pool, then grants the fan's free $5 pie from it (billing's journals).
    await ledger.post({ kind: 'platform_top_up', idempotencyKey: `platform_top_up:${randomUUID()}`, occurredAt: new Date(start.getTime() - DAY), references: {}, postings: [{ account: accounts.stripeClearing, amountCents: -500 }, { account: accounts.promoPool, amountCents: 500 }] });
    await ledger.post({ kind: 'promo_grant', idempotencyKey: `promo_grant:${fan.id}`, occurredAt: start, references: { fanId: fan.id, subscriptionId }, postings: [{ account: accounts.promoPool, amountCents: -500 }, { account: accounts.fanWallet(fan.id), amountCents: 500 }] });
    const { pieId } = await database.transaction((tx) => createPie(tx, { fanId: fan.id, subscriptionId, promo: true, settings: { ...defaultSettings, amountCents: 500 }, firstPeriod: { startsAt: start, endsAt: end } }));
    const [{ id: periodId }] = await sql.query<{ id: string }>(`select id from pies.periods where pie_id = $1`, [pieId]);
    await seedPlays(platform, fan.id, [{ track, at: new Date(start.getTime() + DAY), ms: 300_000 }]);
    await database.transaction((tx) => closePiePeriod(tx, periodId));

    const statement = (await platform.request('GET', `/api/pie/periods/${periodId}/statement`, { cookies })).body.data;
    expect(statement).toMatchObject({ chargeCents: 500, chargeLabel: 'Free promotion', fees: [], carriedInCents: 0, splitCents: 500, distributedCents: 500, totalCents: 500, differenceCents: 0 });
    const rows = await csvRows(periodId, cookies);
    expect(rows.slice(1).map((row) => [row[0], row[1], Number(row[7])])).toEqual([
      ['money', 'Free promotion', 500],
      ['money', 'Split among your artists', 500],
      ['money', 'To your artists', 500],
      ['money', 'Kept in your wallet for the next period', 0],
      ['money', 'Total of the lines (fees, shares, kept, less carried in)', 500],
      ['paid', 'Totals Artist', 500],
    ]);
  });
});
