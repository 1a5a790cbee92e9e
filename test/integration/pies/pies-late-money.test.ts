import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '#pie/ledger';
import { Database } from '#pie/platform';
import { closePiePeriod, openPeriod } from '#pie/pies/testing';
import { makeAccount } from '../../support/accounts.js';
import { openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { makeArtist, makeTrack, seedPlays, type CatalogueTrack } from '../listening/listening-fixtures.js';
import { DAY, makePie, payInvoice } from './pies-fixtures.js';

const HOUR = 3_600_000;

/**
 * Late money: a renewal Stripe collected after its period ended (a retried payment) is split for
 * the period it paid for, also when no later period will ever close.
 */
describe('pies: a period paid after it ended', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let database: Database;
  let track: CatalogueTrack;
  const start = new Date(Date.now() - 60 * DAY);
  const firstEnd = new Date(start.getTime() + 14 * DAY);
  const secondEnd = new Date(firstEnd.getTime() + 14 * DAY);

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'pies-late-money', stripe: { webhooks: false }, worker: false });
    sql = openSql(platform.database.url);
    database = platform.api.get(Database);
    track = await makeTrack(sql, [await makeArtist(sql, { name: 'Late Artist' })]);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  const close = (periodId: string) => database.transaction((tx) => closePiePeriod(tx, periodId));
  const walletOf = async (fanId: string) => Number((await sql.query<{ balance_cents: string }>(`select balance_cents from ledger.accounts where code = $1`, [accounts.fanWallet(fanId)]))[0]?.balance_cents ?? 0);
  const invoice = (paidAt: Date) => ({ id: `in_${randomUUID().slice(0, 12)}`, grossCents: 1000, processorFeeCents: 59, platformFeeCents: 100, paidAt });

  /** A pie whose first period was paid on time and closed; its second was paid `paidLateBy` after it ended. */
  async function pieWithLateSecondPeriod(fanId: string, paidLateBy: number) {
    const { pieId, periodId: first } = await makePie(platform, fanId, { startsAt: start, endsAt: firstEnd, settings: { pieDays: 14 } });
    const onTime = invoice(start);
    await database.transaction((tx) => openPeriod(tx, pieId, { startsAt: start, endsAt: firstEnd }, { invoiceId: onTime.id, fundedCents: 841 }));
    await payInvoice(platform, fanId, onTime);
    await seedPlays(platform, fanId, [
      { track, at: new Date(start.getTime() + DAY), ms: 300_000 },
      { track, at: new Date(firstEnd.getTime() + DAY), ms: 300_000 },
    ]);
    expect(await close(first)).toMatchObject({ status: 'closed', distributedCents: 841 });
    // Stripe retried the renewal and collected it after the period had ended: billing books it then
    // and pies opens the period it pays for, already over.
    const late = invoice(new Date(secondEnd.getTime() + paidLateBy));
    const net = await payInvoice(platform, fanId, late);
    const { periodId: second } = await database.transaction((tx) => openPeriod(tx, pieId, { startsAt: firstEnd, endsAt: secondEnd }, { invoiceId: late.id, fundedCents: net }));
    return { pieId, second, net };
  }

  it('splits the late payment for the period it paid for when the pie has ended (no later period)', async () => {
    const fan = await makeAccount(sql, 'fan');
    const { pieId, second, net } = await pieWithLateSecondPeriod(fan.id, 5 * DAY);
    await sql.query(`update pies.pies set status = 'canceled', ended_at = now() where id = $1`, [pieId]);

    expect(await close(second)).toMatchObject({ status: 'closed', distributedCents: net, rolledOver: false });
    expect(await walletOf(fan.id)).toBe(0);
  });

  it("splits it for its own period even when the next period's payment came first; each period splits its own money", async () => {
    const fan = await makeAccount(sql, 'fan');
    const { pieId, second, net } = await pieWithLateSecondPeriod(fan.id, 2 * HOUR);
    // The third period was paid on time at its start, before the late one.
    const thirdEnd = new Date(secondEnd.getTime() + 14 * DAY);
    const third = invoice(secondEnd);
    await payInvoice(platform, fan.id, { ...third, grossCents: 2000, processorFeeCents: 88, platformFeeCents: 200 });
    const { periodId: thirdPeriod } = await database.transaction((tx) => openPeriod(tx, pieId, { startsAt: secondEnd, endsAt: thirdEnd }, { invoiceId: third.id, fundedCents: 1712 }));
    await seedPlays(platform, fan.id, [{ track, at: new Date(secondEnd.getTime() + DAY), ms: 300_000 }]);

    expect(await close(second)).toMatchObject({ status: 'closed', distributedCents: net });
    expect(await walletOf(fan.id)).toBe(1712);
    expect(await close(thirdPeriod)).toMatchObject({ status: 'closed', distributedCents: 1712 });
    expect(await walletOf(fan.id)).toBe(0);
  });

  it('never lets periods overlap: a period Stripe started before the running one ended cuts the running one short', async () => {
    const fan = await makeAccount(sql, 'fan');
    const from = new Date(Date.now() - 5 * DAY);
    const { pieId, periodId: running } = await makePie(platform, fan.id, { startsAt: from, endsAt: new Date(from.getTime() + 30 * DAY) });
    const restartedAt = new Date(from.getTime() + 3 * DAY);
    await database.transaction((tx) => openPeriod(tx, pieId, { startsAt: restartedAt, endsAt: new Date(restartedAt.getTime() + 14 * DAY) }, { invoiceId: `in_${randomUUID().slice(0, 12)}`, fundedCents: 841 }));
    const periods = await sql.query<{ id: string; starts_at: Date; ends_at: Date }>(`select id, starts_at, ends_at from pies.periods where pie_id = $1 order by starts_at`, [pieId]);
    expect(periods.map((p) => [p.id === running, p.starts_at.getTime(), p.ends_at.getTime()])).toEqual([
      [true, from.getTime(), restartedAt.getTime()],
      [false, restartedAt.getTime(), restartedAt.getTime() + 14 * DAY],
    ]);
  });
});
