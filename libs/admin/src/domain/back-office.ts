import { Inject, Injectable } from '@nestjs/common';
import {
  DASHBOARD_MONEY_PERIOD,
  FINANCE_PERIOD_DAYS,
  type AdminArtistDetails,
  type AdminArtistRow,
  type AdminArtistsQuery,
  type AdminFansQuery,
  type AdminFinancesQuery,
  type AdminJournalView,
  type AdminMoneyFigures,
  type AdminRangeQuery,
  type AdminSearchPageQuery,
  type AdminTransactionsQuery,
  type Pagination,
} from '#pie/contracts';
import { FAN_MONEY_FIGURES, fanMoneySummary } from '#pie/billing';
import { claimCountsByStatus, successfulClaimsOf } from '#pie/claims';
import { accountCounts, adminArtistUser, adminArtistUsersPage, adminFan, adminPeopleMatching } from '#pie/identity';
import { accounts, escrowsOldestFirst, figureTotals, figureTotalsByDay, flowTotals, journalById, journalsPage, oldestCreditAt, totalsByAccountKind } from '#pie/ledger';
import { artistFacts, catalogueArtist, catalogueSize, topFansOf } from '#pie/listening';
import { adminOffice, adminOfficesPage, countOffices, officeNames, officesOfUser } from '#pie/offices';
import { OFFICE_MONEY_FIGURES, officeMoney, officesMoney, PayoutsFacade } from '#pie/payouts';
import { livePieCount, piesOfFan } from '#pie/pies';
import { Database, DeadJobs, pagination, QUEUE_NAMES, QueueRegistry, Readiness } from '#pie/platform';
import { sql } from 'kysely';
import { adminDb } from '../db/admin-db.js';
import { communicationsOf, contactEmailsOf, crmStatusesOf } from './outreach.js';
import { artistListPage, fanListPage } from './admin-lists.js';
import { namedJournals } from './named-refs.js';
import { lastRuns } from './reconciliation.js';
import { notFound } from './admin.errors.js';

const DAY = 86_400_000;

/** A named period or a range → [from, to) in UTC days; `all` and no range → everything. */
export function rangeOf(query: { period?: string; startDate?: string; endDate?: string }): { from: Date | null; to: Date | null } {
  if (query.startDate || query.endDate) {
    return {
      from: query.startDate ? new Date(`${query.startDate}T00:00:00Z`) : null,
      to: query.endDate ? new Date(new Date(`${query.endDate}T00:00:00Z`).getTime() + DAY) : null,
    };
  }
  const days = (FINANCE_PERIOD_DAYS as Partial<Record<string, number>>)[query.period ?? 'all'];
  return { from: days ? new Date(Date.now() - days * DAY) : null, to: null };
}

/** Every money figure the back office shows, as billing and payouts define them (one definition each). */
const MONEY_FIGURES = { ...FAN_MONEY_FIGURES, ...OFFICE_MONEY_FIGURES };
const moneyFigures = (em: Parameters<typeof figureTotals>[0], range: { from: Date | null; to: Date | null }): Promise<AdminMoneyFigures> => figureTotals(em, MONEY_FIGURES, range);

/**
 * The back office's reads, composed from the other modules' facades (never their tables): the
 * dashboard, artists and outreach, people and offices, and the money.
 */
@Injectable()
export class BackOffice {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
    @Inject(DeadJobs) private readonly deadJobs: DeadJobs,
    @Inject(PayoutsFacade) private readonly payouts: PayoutsFacade,
    @Inject(Readiness) private readonly readiness: Readiness,
  ) {}

  private get em() {
    return this.database.em();
  }

  // ---- dashboard ------------------------------------------------------------------------------

  async stats() {
    const em = this.em;
    const people = await accountCounts(em);
    const totals = await totalsByAccountKind(em);
    return {
      fans: people.fans,
      artistUsers: people.artistUsers,
      offices: await countOffices(em),
      catalogueArtists: await catalogueSize(em),
      livePies: await livePieCount(em),
      claimsByStatus: await claimCountsByStatus(em),
      money: {
        fanWalletsCents: totals.fan_wallet ?? 0,
        escrowCents: totals.artist_escrow ?? 0,
        officeEarningsCents: totals.office_earnings ?? 0,
        officeConnectedCents: totals.office_connected ?? 0,
        promoPoolCents: totals.promo_pool ?? 0,
        platformFeesCents: totals.platform_fees ?? 0,
      },
    };
  }

  async health() {
    const em = this.em;
    const database = await sql`select 1`
      .execute(adminDb(em))
      .then(() => true)
      .catch(() => false);
    const dead = await this.deadJobs.counts().catch(() => ({}) as Record<string, number>);
    const queues = [];
    for (const name of QUEUE_NAMES) {
      const counts = await this.queues
        .get(name)
        .getJobCounts('waiting', 'active', 'delayed', 'failed', 'prioritized')
        .catch(() => null);
      queues.push({
        name,
        depth: counts ? counts.waiting + counts.active + counts.delayed + counts.prioritized : null,
        active: counts?.active ?? null,
        failed: counts?.failed ?? null,
        dead: (dead as Record<string, number>)[name] ?? 0,
      });
    }
    // The outbox's backlog as the platform's readiness check reads it (admin does not read platform's tables).
    const readiness = await this.readiness.check();
    const beat = await adminDb(em).selectFrom('admin.worker_heartbeats').select('beat_at').orderBy('beat_at', 'desc').limit(1).executeTakeFirst();
    const lastBeat = beat ? new Date(beat.beat_at) : null;
    return {
      database,
      queues,
      deadJobs: Object.values(dead as Record<string, number>).reduce((sum, n) => sum + n, 0),
      worker: { lastHeartbeatAt: lastBeat?.toISOString() ?? null, secondsSinceHeartbeat: lastBeat ? Math.round((Date.now() - lastBeat.getTime()) / 1000) : null, alive: lastBeat ? Date.now() - lastBeat.getTime() < 120_000 : false },
      outbox: { unpublished: readiness.outbox.unpublished ?? 0, lagSeconds: Math.round(readiness.outbox.lagSeconds ?? 0) },
      // The details behind the public /api/health/ready (which says only up or down).
      readiness,
      reconciliation: await lastRuns(em),
    };
  }

  /** Daily series for the dashboard's charts: paid in, fees, allocated, escrowed, released, transferred, paid out; `DASHBOARD_MONEY_PERIOD` without a range. */
  async financialSeries(query: AdminRangeQuery) {
    const range = rangeOf({ period: DASHBOARD_MONEY_PERIOD, ...query });
    const series = await figureTotalsByDay(this.em, MONEY_FIGURES, range);
    return { startDate: range.from?.toISOString().slice(0, 10) ?? null, endDate: range.to ? new Date(range.to.getTime() - DAY).toISOString().slice(0, 10) : null, series };
  }

  // ---- artists and outreach -------------------------------------------------------------------

  async artists(query: AdminArtistsQuery): Promise<{ items: AdminArtistRow[]; pagination: Pagination }> {
    return artistListPage(this.em, query);
  }

  async artist(artistId: string): Promise<AdminArtistDetails> {
    const em = this.em;
    const [row] = (await artistListPage(em, { artistId, period: 28, moneyFilter: 'all', sortBy: 'name', sortOrder: 'asc', page: 1, limit: 1 })).items;
    if (!row) throw notFound('artist');
    const oldestEscrowAt = row.escrowCents > 0 ? await oldestCreditAt(em, accounts.artistEscrow(artistId)) : null;
    const claim = (await successfulClaimsOf(em, [artistId])).get(artistId) ?? null;
    const officeName = claim ? ((await officeNames(em, [claim.officeId])).get(claim.officeId) ?? '(deleted office)') : null;
    return { ...row, claim: claim ? { ...claim, officeName: officeName! } : null, oldestEscrowAt, communications: await communicationsOf(em, artistId) };
  }

  async topFans(artistId: string) {
    const em = this.em;
    if (!(await catalogueArtist(em, artistId))) throw notFound('artist');
    const top = await topFansOf(em, artistId, 20);
    const fans = [];
    for (const entry of top) {
      const fan = await adminFan(em, entry.fanId);
      fans.push({ fanId: entry.fanId, name: fan ? `${fan.firstName} ${fan.lastName}` : '(deleted fan)', email: fan?.email ?? null, listenedMs: entry.listenedMs, plays: entry.plays });
    }
    return fans;
  }

  async contactInfo(artistId: string) {
    const em = this.em;
    const artist = await catalogueArtist(em, artistId);
    if (!artist) throw notFound('artist');
    const email = (await contactEmailsOf(em, [artistId])).get(artistId) ?? null;
    return { artistId, name: artist.name, email, spotifyId: artist.spotifyId, crmStatus: (await crmStatusesOf(em, [artistId])).get(artistId) ?? 'not_contacted', communications: await communicationsOf(em, artistId) };
  }

  // ---- people and offices ---------------------------------------------------------------------

  async fans(query: AdminFansQuery) {
    return fanListPage(this.em, query);
  }

  async fan(fanId: string) {
    const em = this.em;
    const fan = await adminFan(em, fanId);
    if (!fan) throw notFound('fan');
    const money = await fanMoneySummary(em, fanId);
    return { ...fan, walletCents: money.balanceCents, money, pies: await piesOfFan(em, fanId) };
  }

  async artistUsers(query: AdminSearchPageQuery) {
    return adminArtistUsersPage(this.em, query);
  }

  async artistUser(userId: string) {
    const em = this.em;
    const user = await adminArtistUser(em, userId);
    if (!user) throw notFound('artist account');
    return { ...user, offices: await officesOfUser(em, userId) };
  }

  async offices(query: AdminSearchPageQuery) {
    const em = this.em;
    const page = await adminOfficesPage(em, query);
    const ids = page.items.map((office) => office.id);
    const connections = await this.payouts.connectionsOf(em, ids);
    const money = await officesMoney(em, ids);
    const items = page.items.map((office) => {
      const connection = connections.get(office.id);
      return {
        ...office,
        stripe: connection ? (connection.disconnectedAt ? 'disconnected' : connection.status) : 'not_connected',
        earningsCents: money.get(office.id)?.earningsCents ?? 0,
      };
    });
    return { items, pagination: page.pagination };
  }

  async office(officeId: string) {
    const em = this.em;
    const office = await adminOffice(em, officeId);
    if (!office) throw notFound('office');
    const connection = await this.payouts.connectionOf(em, officeId);
    return {
      ...office,
      stripe: connection
        ? { accountId: connection.stripeAccountId, status: connection.status, disconnectedAt: connection.disconnectedAt ? new Date(connection.disconnectedAt).toISOString() : null }
        : null,
      ...(await officeMoney(em, officeId)),
    };
  }

  // ---- money ----------------------------------------------------------------------------------

  async finances(query: AdminFinancesQuery) {
    const range = rangeOf(query);
    const totals = await moneyFigures(this.em, range);
    return { period: query.startDate || query.endDate ? 'range' : query.period, from: range.from?.toISOString() ?? null, to: range.to?.toISOString() ?? null, ...totals, balances: await totalsByAccountKind(this.em) };
  }

  /** Where the money went over a period: paid in → fees → fans' wallets → escrow or offices → paid out (chart nodes and links), each link one figure. */
  async flow(query: AdminRangeQuery) {
    const range = rangeOf({ period: '30d', ...query });
    const money = await moneyFigures(this.em, range);
    return {
      ...money,
      links: [
        { from: 'Paid in', to: 'Stripe card fees', cents: money.cardFeesCents },
        { from: 'Paid in', to: 'Pie fee', cents: money.pieFeesCents },
        { from: 'Paid in', to: 'Fan wallets', cents: money.intoWalletsCents },
        { from: 'Fan wallets', to: 'Artist escrow', cents: money.givenToArtistsCents },
        { from: 'Fan money', to: 'Refunded to cards', cents: money.refundedCents },
        { from: 'Artist escrow', to: 'Office earnings', cents: money.releasedCents },
        { from: 'Artist escrow', to: 'Back to fans', cents: money.returnedFromEscrowCents },
        { from: 'Office earnings', to: 'Stripe accounts', cents: money.transferredCents },
        { from: 'Offices', to: 'Stripe Connect fees', cents: money.connectFeesCents },
        { from: 'Stripe accounts', to: 'Paid out', cents: money.paidOutCents },
      ],
    };
  }

  async escrow(query: { page: number; limit: number }) {
    const em = this.em;
    const page = await escrowsOldestFirst(em, query);
    const names = new Map((await artistFacts(em, page.items.map((item) => item.artistId))).map((artist) => [artist.id, artist.name]));
    const claims = await successfulClaimsOf(em, page.items.map((item) => item.artistId));
    const claimedBy = (artistId: string) => (claims.get(artistId)?.status === 'successful' ? claims.get(artistId)!.officeId : null);
    const offices = await officeNames(em, page.items.flatMap((item) => claimedBy(item.artistId) ?? []));
    return {
      items: page.items.map((item) => {
        const officeId = claimedBy(item.artistId);
        return { ...item, artistName: names.get(item.artistId) ?? '(unknown artist)', claimedBy: officeId, claimedByName: officeId ? (offices.get(officeId) ?? '(deleted office)') : null };
      }),
      pagination: pagination(query.page, query.limit, page.total),
    };
  }

  async journals(query: AdminTransactionsQuery & { accountKind?: string; referenceValue?: string }): Promise<{ items: AdminJournalView[]; pagination: Pagination }> {
    const em = this.em;
    const range = rangeOf(query);
    // What the search box promises: a fan by e-mail or Stripe customer id, an artist account's offices by e-mail.
    const people = query.search ? await adminPeopleMatching(em, query.search) : { fanIds: [], artistUserIds: [] };
    const offices: string[] = [];
    for (const userId of people.artistUserIds) offices.push(...(await officesOfUser(em, userId)).map((office) => office.officeId));
    const page = await journalsPage(em, { ...query, searchReferences: [...people.fanIds, ...offices], from: range.from ?? undefined, to: range.to ?? undefined });
    return { items: await namedJournals(em, page.items), pagination: pagination(query.page, query.limit, page.total) };
  }

  async walletStats(query: AdminRangeQuery) {
    const range = rangeOf({ period: 'all', ...query });
    const rows = (await flowTotals(this.em, range.from, range.to)).filter((row) => row.accountKind === 'fan_wallet');
    return {
      byKind: rows.map((row) => ({ kind: row.journalKind, inCents: row.inCents, outCents: row.outCents })),
      inCents: rows.reduce((sum, row) => sum + row.inCents, 0),
      outCents: rows.reduce((sum, row) => sum + row.outCents, 0),
      balanceCents: (await totalsByAccountKind(this.em)).fan_wallet ?? 0,
    };
  }

  async journal(journalId: string): Promise<AdminJournalView> {
    const journal = await journalById(this.em, journalId);
    if (!journal) throw notFound('transaction');
    const [named] = await namedJournals(this.em, [journal]);
    return named;
  }
}

