import { Inject, Injectable } from '@nestjs/common';
import { NEW_PIE, PIE_LIMITS, SPLIT_ESTIMATE_DAYS, type Pie, type PieSplitArtist, type PieWithPeriods, type PublicFanPie, type PublicPie, type RealtimeStats, type RealtimeStatsQuery } from '#pie/contracts';
import { FanContacts } from '#pie/identity';
import { accounts, balancesAtCutOff } from '#pie/ledger';
import { dailyListenedMs, orphanedTracks, publicProfileOf, type DayListening, type OrphanedTrack } from '#pie/listening';
import { Database, DomainError, type EntityManager } from '#pie/platform';
import { piesDb } from '../db/pies-db.js';
import { cents, currentPeriodOf, findOwnPie, findPie, periodsOf, periodSummary, pieOf, toPieRow, type PieRow } from '../domain/pie-rows.js';
import { pieNotFound } from '../domain/pies.errors.js';
import { availableToSplit } from '../domain/period-close.js';
import { LIVE_PIE_STATUSES, publicPieStatus } from '../domain/pie-statuses.js';
import { splitPie, weightShare, type SplitResult } from '../domain/split.js';
import { gatherSplitInputs, type SplitInputs } from '../domain/split-inputs.js';

const DAY_MS = 86_400_000;

/**
 * The pies module's reads (spec §7 Pie rows). Every id is checked against the caller: another
 * fan's pie answers 404 exactly like an unknown one.
 */
@Injectable()
export class PieReads {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(FanContacts) private readonly contacts: FanContacts,
  ) {}

  private em(): EntityManager {
    return this.database.em();
  }

  async ownPie(fanId: string, pieId: string): Promise<PieRow> {
    const pie = await findOwnPie(this.em(), fanId, pieId);
    if (!pie) throw pieNotFound();
    return pie;
  }

  /** `pie/active[/:pieId]`: the fan's live pie (or the given own pie), null when there is none. */
  async active(fanId: string, pieId?: string): Promise<Pie | null> {
    const em = this.em();
    let row: PieRow | null;
    if (pieId) row = await this.ownPie(fanId, pieId);
    else {
      const live = await piesDb(em).selectFrom('pies.pies').selectAll().where('fan_id', '=', fanId).where('status', 'in', LIVE_PIE_STATUSES).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
      row = live ? toPieRow(live) : null;
    }
    if (!row) return null;
    return pieOf(row, await currentPeriodOf(em, row.id));
  }

  /** The window of the period running now (or the last one), else the last `pieDays` days. */
  private async window(pie: PieRow, now = new Date()): Promise<{ periodId: string | null; from: Date; to: Date }> {
    const period = await currentPeriodOf(this.em(), pie.id, now);
    if (period && new Date(period.starts_at) <= now) return { periodId: period.id, from: new Date(period.starts_at), to: new Date(Math.min(now.getTime() + 1, new Date(period.ends_at).getTime())) };
    return { periodId: null, from: new Date(now.getTime() - pie.pie_days * DAY_MS), to: now };
  }

  /**
   * The current period's split, computed now by the same function the close uses, with the
   * overrides the fan is trying before saving. The amount is the wallet's available balance (what
   * the close would split), or the pie's amount while nothing has been paid in yet.
   *
   * Until the period has listening of its own (just after paying, or before any period), the split is
   * an estimate from the fan's last `SPLIT_ESTIMATE_DAYS` days of listening, said so in `estimate`.
   * `new` is the pie the fan is about to create: always that estimate, of the `amount` asked about.
   */
  async realtimeStats(fanId: string, pieId: string, overrides: RealtimeStatsQuery): Promise<RealtimeStats> {
    if (pieId === NEW_PIE) return this.newPieEstimate(fanId, overrides);
    if (overrides.amount !== undefined) throw amountOnlyForNewPie();
    const pie = await this.ownPie(fanId, pieId);
    const em = this.em();
    const window = await this.window(pie);
    const wallet = accounts.fanWallet(fanId);
    const [balance] = await balancesAtCutOff(em, [{ account: wallet, before: window.to }]);
    const available = availableToSplit(balance!);
    const settings = settingsOf(overrides, { artistLimit: pie.artist_limit, artistPopularity: pie.artist_popularity, excludeNonActive: pie.exclude_non_active });
    const amountCents = available > 0 ? available : cents(pie.amount_cents);
    const own = { id: pie.id, fanId };
    let basis = { from: window.from, to: window.to, estimate: null as RealtimeStats['estimate'] };
    let inputs = await gatherSplitInputs(em, own, basis.from, basis.to);
    if (window.periodId === null || !hasListening(inputs)) {
      const recent = estimateWindow();
      const estimated = await gatherSplitInputs(em, own, recent.from, recent.to);
      if (hasListening(estimated)) [basis, inputs] = [{ ...recent, estimate: { days: SPLIT_ESTIMATE_DAYS } }, estimated];
    }
    const split = splitPie(inputs.candidates, { amountCents, ...settings });
    return { pieId, periodId: window.periodId, from: basis.from.toISOString(), to: basis.to.toISOString(), amountCents, settings, artists: splitArtists(split, inputs), estimate: basis.estimate };
  }

  /** The create modal's preview: the split of `amount` over the fan's recent listening, with their bans (no pie, so no choices yet). */
  private async newPieEstimate(fanId: string, overrides: RealtimeStatsQuery): Promise<RealtimeStats> {
    if (overrides.amount === undefined) throw amountNeededForNewPie();
    const recent = estimateWindow();
    const inputs = await gatherSplitInputs(this.em(), { id: null, fanId }, recent.from, recent.to);
    const settings = settingsOf(overrides, NEW_PIE_SPLIT_DEFAULTS);
    const split = splitPie(inputs.candidates, { amountCents: overrides.amount, ...settings });
    return {
      pieId: null,
      periodId: null,
      from: recent.from.toISOString(),
      to: recent.to.toISOString(),
      amountCents: overrides.amount,
      settings,
      artists: splitArtists(split, inputs),
      estimate: { days: SPLIT_ESTIMATE_DAYS },
    };
  }

  async dailyListening(fanId: string, pieId: string): Promise<DayListening[]> {
    const pie = await this.ownPie(fanId, pieId);
    const window = await this.window(pie);
    return dailyListenedMs(this.em(), fanId, window.from, window.to);
  }

  async orphanedTracks(fanId: string, pieId: string): Promise<OrphanedTrack[]> {
    const pie = await this.ownPie(fanId, pieId);
    const window = await this.window(pie);
    return orphanedTracks(this.em(), fanId, window.from, window.to);
  }

  /** `pie/user/:userId/pies`: the caller's own pies, another fan's only when their profile is public (else 404). */
  async piesOf(viewerId: string, ownerId: string): Promise<PieWithPeriods[] | PublicFanPie[]> {
    const em = this.em();
    if (viewerId !== ownerId && !(await publicProfileOf(em, ownerId)).public) throw pieNotFound();
    const pies = (await piesDb(em).selectFrom('pies.pies').selectAll().where('fan_id', '=', ownerId).orderBy('created_at', 'desc').execute()).map(toPieRow);
    const periods = await periodsOf(em, pies.map((pie) => pie.id));
    const views = pies.map((pie) => {
      const own = periods.filter((period) => period.pie_id === pie.id);
      return { ...pieOf(pie, own[0] ?? null), periods: own.map(periodSummary) };
    });
    return viewerId === ownerId ? views : views.map(publicFanPie);
  }

  /** `pie/pie/:pieId`: the last closed period's artists and shares; the fan named only with a public profile. */
  async publicPie(pieId: string): Promise<PublicPie> {
    const em = this.em();
    const pie = await findPie(em, pieId);
    if (!pie) throw pieNotFound();
    const profile = await publicProfileOf(em, pie.fan_id);
    const fanName = profile.public ? (profile.username ?? (await this.contacts.contactOf(pie.fan_id, em))?.firstName ?? null) : null;
    const period = await piesDb(em)
      .selectFrom('pies.periods')
      .select(['id', 'starts_at', 'ends_at', 'distributed_cents'])
      .where('pie_id', '=', pieId)
      .where('state', '=', 'closed')
      .orderBy('ends_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const status = publicPieStatus(pie.status);
    if (!period) return { pieId, fanName, status, period: null, artists: [] };
    const lines = await piesDb(em)
      .selectFrom('pies.period_artists')
      .select(['artist_id', 'artist_name', 'share_cents'])
      .where('period_id', '=', period.id)
      .where('share_cents', '>', '0')
      .orderBy('share_cents', 'desc')
      .orderBy('artist_id')
      .execute();
    const total = cents(period.distributed_cents);
    return {
      pieId,
      fanName,
      status,
      period: { startsAt: new Date(period.starts_at).toISOString(), endsAt: new Date(period.ends_at).toISOString(), distributedCents: total },
      artists: lines.map((line) => ({ artistId: line.artist_id, name: line.artist_name, imageUrl: null, shareCents: cents(line.share_cents), weight: total > 0 ? cents(line.share_cents) / total : 0 })),
    };
  }
}

type SplitSettings = RealtimeStats['settings'];

/** A new pie's split settings when the preview is asked without them (the create modal always sends them). */
const NEW_PIE_SPLIT_DEFAULTS: SplitSettings = { artistLimit: PIE_LIMITS.artistLimit.default, artistPopularity: PIE_LIMITS.artistPopularity.default, excludeNonActive: false };

function settingsOf(overrides: RealtimeStatsQuery, saved: SplitSettings): SplitSettings {
  return {
    artistLimit: overrides.limit ?? saved.artistLimit,
    artistPopularity: overrides.artistPopularity ?? saved.artistPopularity,
    excludeNonActive: overrides.excludeNonActive ?? saved.excludeNonActive,
  };
}

/** The estimate's listening: the last `SPLIT_ESTIMATE_DAYS` days, up to now. */
function estimateWindow(now = new Date()): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - SPLIT_ESTIMATE_DAYS * DAY_MS), to: new Date(now.getTime() + 1) };
}

function hasListening(inputs: SplitInputs): boolean {
  return inputs.candidates.some((candidate) => candidate.listenedMs > 0);
}

const amountOnlyForNewPie = () =>
  new DomainError('validation-failed', 'invalid', 'amount is only for a pie not created yet (new): an existing pie splits what its wallet holds', {
    amount: ['Only for a new pie'],
  });
const amountNeededForNewPie = () =>
  new DomainError('validation-failed', 'invalid', 'amount is required for a new pie: the amount its split would share', { amount: ['Required for a new pie'] });

export function splitArtists(split: SplitResult, inputs: SplitInputs): PieSplitArtist[] {
  return split.lines.map((line) => {
    const fact = inputs.facts.get(line.artistId);
    return {
      pieArtistId: inputs.pieArtistIds.get(line.artistId) ?? null,
      artistId: line.artistId,
      name: fact?.name ?? 'Unknown artist',
      imageUrl: fact?.imageUrl ?? null,
      listenedMs: Math.round(line.listenedMs),
      popularity: line.popularity,
      active: line.active,
      inclusion: line.inclusion,
      banned: line.banned,
      selected: line.selected,
      reason: line.reason,
      tilt: line.tilt,
      weight: weightShare(line, split.totalWeight),
      shareCents: line.shareCents,
    };
  });
}

/** What another fan may see of a pie (see `PublicFanPie`). */
function publicFanPie(pie: PieWithPeriods): PublicFanPie {
  const { amountCents: _amount, ...settings } = pie.settings;
  return {
    id: pie.id,
    status: publicPieStatus(pie.status),
    settings,
    createdAt: pie.createdAt,
    periods: pie.periods.map(({ id, seq, startsAt, endsAt, state, distributedCents, artistCount, closedAt }) => ({ id, seq, startsAt, endsAt, state, distributedCents, artistCount, closedAt })),
  };
}
