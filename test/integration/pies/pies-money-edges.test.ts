import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeGateway } from '#pie/billing';
import { accounts, Ledger } from '#pie/ledger';
import { Database, QueueRegistry } from '#pie/platform';
import { closePiePeriod, createPie, openPeriod } from '#pie/pies/testing';
import { RepriceSubscriptionOnPieSettingsChangedListener } from '../../../libs/billing/src/listeners/reprice-subscription-on-pie-settings-changed.listener.js';
import { CLOSE_AFTER_END_MS, SchedulePeriodClosesHandler } from '../../../libs/pies/src/jobs/schedule-period-closes/schedule-period-closes.handler.js';
import { logIn, makeAccount } from '../../support/accounts.js';
import { openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { makeArtist, makeTrack, seedPlays, type CatalogueTrack } from '../listening/listening-fixtures.js';
import { DAY, defaultSettings, fundWallet, makePie, payInvoice } from './pies-fixtures.js';

const HOUR = 3_600_000;

/** Where the money a close splits comes from, when payments, refunds and pies overlap a period's end. */
describe('pies: what a close may split', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let database: Database;
  let ledger: Ledger;
  let track: CatalogueTrack;
  const periodEnd = new Date(Date.now() - DAY);
  const periodStart = new Date(periodEnd.getTime() - 30 * DAY);

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'pies-money-edges', stripe: { webhooks: false }, worker: false });
    sql = openSql(platform.database.url);
    database = platform.api.get(Database);
    ledger = new Ledger(database);
    track = await makeTrack(sql, [await makeArtist(sql, { name: 'Edge Artist' })]);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  /** A refund as billing posts it while the money is still in the wallet (wallet → stripe_clearing). */
  const refundFromWallet = (fanId: string, cents: number, at: Date) =>
    ledger.post({
      kind: 'refund',
      idempotencyKey: `refund:re_${randomUUID()}`,
      occurredAt: at,
      references: { fanId },
      postings: [
        { account: accounts.stripeClearing, amountCents: cents },
        { account: accounts.fanWallet(fanId), amountCents: -cents },
      ],
    });
  const close = (periodId: string) => database.transaction((tx) => closePiePeriod(tx, periodId));
  const walletOf = async (fanId: string) => Number((await sql.query<{ balance_cents: string }>(`select balance_cents from ledger.accounts where code = $1`, [accounts.fanWallet(fanId)]))[0]!.balance_cents);

  it("a refund of the period's charge after its end is not made up for with the next period's payment", async () => {
    const fan = await makeAccount(sql, 'fan');
    const { periodId } = await makePie(platform, fan.id, { startsAt: periodStart, endsAt: periodEnd });
    await seedPlays(platform, fan.id, [{ track, at: new Date(periodStart.getTime() + DAY), ms: 300_000 }]);
    await fundWallet(platform, fan.id, 1000, new Date(periodStart.getTime() + 1000));
    await refundFromWallet(fan.id, 1000, new Date(periodEnd.getTime() + HOUR));
    await fundWallet(platform, fan.id, 900, new Date(periodEnd.getTime() + 2 * HOUR)); // the next period's invoice

    expect(await close(periodId)).toMatchObject({ status: 'closed', distributedCents: 0, rolledOver: true });
    expect(await walletOf(fan.id)).toBe(900);
  });

  it('a partial refund after the end leaves the rest of the period’s money to split', async () => {
    const fan = await makeAccount(sql, 'fan');
    const { periodId } = await makePie(platform, fan.id, { startsAt: periodStart, endsAt: periodEnd });
    await seedPlays(platform, fan.id, [{ track, at: new Date(periodStart.getTime() + DAY), ms: 300_000 }]);
    await fundWallet(platform, fan.id, 1000, new Date(periodStart.getTime() + 1000));
    await refundFromWallet(fan.id, 300, new Date(periodEnd.getTime() + HOUR));
    await fundWallet(platform, fan.id, 900, new Date(periodEnd.getTime() + 2 * HOUR));

    expect(await close(periodId)).toMatchObject({ status: 'closed', distributedCents: 700 });
    expect(await walletOf(fan.id)).toBe(900);
  });

  it("a pie started before the old pie's period ended: each period splits its own payment", async () => {
    const fan = await makeAccount(sql, 'fan');
    const newArtistTrack = await makeTrack(sql, [await makeArtist(sql, { name: 'New Pie Artist' })]);
    const { periodId: oldPeriod } = await makePie(platform, fan.id, { startsAt: periodStart, endsAt: periodEnd });
    await fundWallet(platform, fan.id, 1000, new Date(periodStart.getTime() + 1000));
    await seedPlays(platform, fan.id, [{ track, at: new Date(periodStart.getTime() + DAY), ms: 60_000 }]);
    const newStart = new Date(periodEnd.getTime() - 10 * DAY);
    const { periodId: newPeriod } = await makePie(platform, fan.id, { startsAt: newStart, endsAt: new Date(newStart.getTime() + 10 * DAY + 12 * HOUR) });
    await fundWallet(platform, fan.id, 5000, new Date(newStart.getTime() + 1000)); // the new pie's first invoice
    await seedPlays(platform, fan.id, [{ track: newArtistTrack, at: new Date(newStart.getTime() + DAY), ms: 600_000 }]);

    const first = await close(oldPeriod);
    const second = await close(newPeriod);
    expect([first, second].map((o) => (o.status === 'closed' ? o.distributedCents : null))).toEqual([1000, 5000]);
    expect(await walletOf(fan.id)).toBe(0);
  });

  it("a promotional pie keeps its amount and period length; its split settings still change, and billing's listener passes it by", async () => {
    const fan = await makeAccount(sql, 'fan');
    const { cookies } = await logIn(platform, fan);
    const { pieId } = await database.transaction((tx) =>
      createPie(tx, { fanId: fan.id, subscriptionId: `promo_${fan.id}`, promo: true, settings: { ...defaultSettings, amountCents: 500 }, firstPeriod: { startsAt: new Date(), endsAt: new Date(Date.now() + 30 * DAY) } }),
    );
    for (const body of [{ amount: '20.00' }, { pieDays: 14 }, { amount: '5.00', pieDays: 7 }]) {
      const refused = await platform.request('PATCH', `/api/pie/${pieId}`, { cookies, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message).toContain('promotional pie keeps its amount and period length');
    }
    const saved = await platform.request('PATCH', `/api/pie/${pieId}`, { cookies, body: { amount: '5.00', artistLimit: 3 } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.pendingSettings).toMatchObject({ amountCents: 500, artistLimit: 3, pieDays: 30 });

    // An event recorded before the refusal existed, asking for a new price: billing's copy follows, Stripe is not asked.
    const [event] = await sql.query<{ id: string; payload: Record<string, unknown> }>(
      `select id, payload from platform.outbox where job_name = 'pies.pie-settings-changed.v1' and payload->>'pieId' = $1`,
      [pieId],
    );
    // Billing's row for the free pie, as createPromoSubscription writes it.
    await sql.query(
      `insert into billing.subscriptions (id, fan_id, status, promo, amount_cents, artist_limit, artist_popularity, exclude_non_active, pie_days, current_period_start, current_period_end, activated_at)
       values ($1, $2, 'active', true, 500, 20, 0, false, 30, now(), now() + interval '30 days', now())`,
      [`promo_${fan.id}`, fan.id],
    );
    const listener = new RepriceSubscriptionOnPieSettingsChangedListener(database, platform.api.get(StripeGateway));
    const envelope = { id: randomUUID(), queue: 'payments' as const, name: 'pies.pie-settings-changed.v1', payload: { ...event!.payload, amountCents: 2000, billingChanged: true }, occurredAt: new Date().toISOString() };
    await expect(listener.handle(envelope as never, { consumer: 'billing.reprice-subscription', attemptsMade: 0, finalAttempt: false } as never)).resolves.toBeUndefined();
  });

  it('queues a close only once the plays of the window have had time to arrive', async () => {
    const fan = await makeAccount(sql, 'fan');
    const end = new Date(Date.now() - 60_000);
    const { periodId } = await makePie(platform, fan.id, { startsAt: new Date(end.getTime() - 30 * DAY), endsAt: end });
    await fundWallet(platform, fan.id, 500, new Date(end.getTime() - 29 * DAY));
    await seedPlays(platform, fan.id, [{ track, at: new Date(end.getTime() - 20 * DAY), ms: 60_000 }]);
    const scheduler = new SchedulePeriodClosesHandler(database, platform.api.get(QueueRegistry));
    const stateOf = async () => (await sql.query<{ state: string }>(`select state from pies.periods where id = $1`, [periodId]))[0]!.state;

    await scheduler.queueDueCloses(new Date(end.getTime() + CLOSE_AFTER_END_MS - 60_000));
    expect(await stateOf()).toBe('open');
    // The hourly poll brings in the window's last plays after the end.
    await seedPlays(platform, fan.id, [{ track, at: new Date(end.getTime() - 50 * 60_000), ms: 3_000_000 }]);
    await scheduler.queueDueCloses(new Date(end.getTime() + CLOSE_AFTER_END_MS));
    expect(await stateOf()).toBe('closing');
    await close(periodId);
    const [line] = await sql.query<{ listened_ms: string }>(`select listened_ms from pies.period_artists where period_id = $1`, [periodId]);
    expect(Number(line!.listened_ms)).toBe(3_060_000);
  });

  it("a statement says where each share is now from what left the escrow after the close, not from the escrow's balance", async () => {
    const unclaimed = await makeArtist(sql, { name: 'Never Claimed' });
    const unclaimedTrack = await makeTrack(sql, [unclaimed]);
    const [fan, other] = [await makeAccount(sql, 'fan'), await makeAccount(sql, 'fan')];
    const periods: string[] = [];
    for (const [who, cents] of [[fan, 800], [other, 500]] as const) {
      const { periodId } = await makePie(platform, who.id, { startsAt: periodStart, endsAt: periodEnd });
      await seedPlays(platform, who.id, [{ track: unclaimedTrack, at: new Date(periodStart.getTime() + DAY), ms: 60_000 }]);
      await fundWallet(platform, who.id, cents, new Date(periodStart.getTime() + 1000));
      await close(periodId);
      periods.push(periodId);
    }
    const { cookies } = await logIn(platform, fan);
    const whereNow = async () => (await platform.request('GET', `/api/pie/periods/${periods[0]}/statement`, { cookies })).body.data.paid.find((l: { artistId: string }) => l.artistId === unclaimed).whereNow;
    // Billing takes a refund back out of escrow once the wallet is empty (its reversal journal names the fan).
    const refundFromEscrow = (fanId: string, cents: number) =>
      ledger.post({
        kind: 'refund',
        idempotencyKey: `refund:re_${randomUUID()}`,
        occurredAt: new Date(),
        references: { fanId },
        postings: [
          { account: accounts.stripeClearing, amountCents: cents },
          { account: accounts.artistEscrow(unclaimed), amountCents: -cents, fanId },
        ],
      });
    expect(await whereNow()).toBe('escrow');
    await refundFromEscrow(other.id, 500); // the other fan's money leaves: the escrow holds 800, this fan's share
    expect(await whereNow()).toBe('escrow');
    await refundFromEscrow(fan.id, 800);
    expect(await whereNow()).toBe('returned');
  });

  it("the statement of a period whose charge was refunded after its end says so, and its lines still add up to the charge", async () => {
    const fan = await makeAccount(sql, 'fan');
    const { pieId, periodId } = await makePie(platform, fan.id, { startsAt: periodStart, endsAt: periodEnd });
    const invoiceId = `in_${randomUUID().slice(0, 12)}`;
    const net = await payInvoice(platform, fan.id, { id: invoiceId, grossCents: 1000, processorFeeCents: 59, platformFeeCents: 100, paidAt: periodStart });
    await database.transaction((tx) => openPeriod(tx, pieId, { startsAt: periodStart, endsAt: periodEnd }, { invoiceId, fundedCents: net }));
    await seedPlays(platform, fan.id, [{ track, at: new Date(periodStart.getTime() + DAY), ms: 300_000 }]);
    await refundFromWallet(fan.id, net, new Date(periodEnd.getTime() + HOUR));
    expect(await close(periodId)).toMatchObject({ status: 'closed', distributedCents: 0 });

    const { cookies } = await logIn(platform, fan);
    const statement = (await platform.request('GET', `/api/pie/periods/${periodId}/statement`, { cookies })).body.data;
    expect(statement).toMatchObject({ chargeCents: 1000, splitCents: 0, distributedCents: 0, carriedInCents: -841 });
    const csv = String((await platform.request('GET', `/api/pie/periods/${periodId}/statement.csv`, { cookies })).body);
    const rows = csv.trim().split('\r\n').map((line) => line.split(/,(?=")/).map((cell) => cell.slice(1, -1).replace(/""/g, '"')));
    const [header, ...body] = rows;
    const money = body.filter((row) => row[header.indexOf('section')] === 'money').map((row) => [row[header.indexOf('line')], Number(row[header.indexOf('amount_cents')])]);
    // The refunded part is named as money of this charge that is not in the split; the lines add up to the charge (no difference line).
    expect(money).toEqual([
      ['Charge', 1000],
      ['Payment processing fee (Stripe)', -59],
      ['Pie platform fee', -100],
      ['Of this charge, not in this split (refunded, or paid after the period ended)', -841],
      ['Split among your artists', 0],
      ['To your artists', 0],
      ['Kept in your wallet for the next period', 0],
      ['Total of the lines (fees, shares, kept, less carried in)', 1000],
    ]);
  });

  it('plays of a track still waiting for its details pay nobody until the catalogue has found it', async () => {
    const fan = await makeAccount(sql, 'fan');
    const { cookies } = await logIn(platform, fan);
    const { pieId, periodId } = await makePie(platform, fan.id, { startsAt: periodStart, endsAt: periodEnd });
    // An uploaded export named this track and "artist"; the provider has not confirmed either.
    const invented = await makeArtist(sql, { name: '=HYPERLINK("http://evil")' });
    const pending = await makeTrack(sql, [invented]);
    await sql.query(`update listening.tracks set metadata_fetched_at = null where id = $1`, [pending.id]);
    await seedPlays(platform, fan.id, [
      { track, at: new Date(periodStart.getTime() + DAY), ms: 60_000 },
      { track: pending, at: new Date(periodStart.getTime() + 2 * DAY), ms: 600_000 },
    ]);
    await fundWallet(platform, fan.id, 900, new Date(periodStart.getTime() + 1000));

    const preview = (await platform.request('GET', `/api/pie/${pieId}/realtime-stats`, { cookies })).body.data;
    expect(preview.artists.map((a: { artistId: string }) => a.artistId)).not.toContain(invented);
    const orphans = (await platform.request('GET', `/api/pie/${pieId}/orphaned-tracks`, { cookies })).body.data;
    expect(orphans).toEqual([expect.objectContaining({ trackId: pending.id, plays: 1, listenedMs: 600_000 })]);

    expect(await close(periodId)).toMatchObject({ status: 'closed', distributedCents: 900, artistCount: 1 });
    const lines = await sql.query<{ artist_id: string }>(`select artist_id from pies.period_artists where period_id = $1`, [periodId]);
    expect(lines.map((line) => line.artist_id)).toEqual([track.artistIds[0]]);
  });
});
