import { z } from 'zod';
import { bodyInt, queryInt } from './fields.js';
import { DollarAmount } from './billing.js';
import { ARTIST_LIMIT, ARTIST_POPULARITY, PIE_AMOUNT_MAX_CENTS, PIE_AMOUNT_MIN_CENTS, PIE_DAYS } from './billing-limits.js';

/*
 * Pies (spec §3 pie create/update fields and pie artist actions; DESIGN §5–6). Amounts on the wire
 * are US dollars with at most two decimals, parsed as decimals into cents (never `x * 100`).
 */

/** The pie settings' limits, grouped for forms and schemas (one source: billing-limits). */
export const PIE_LIMITS = {
  minAmountCents: PIE_AMOUNT_MIN_CENTS,
  maxAmountCents: PIE_AMOUNT_MAX_CENTS,
  artistLimit: ARTIST_LIMIT,
  artistPopularity: ARTIST_POPULARITY,
  pieDays: PIE_DAYS,
} as const;


const boolField = (label: string) =>
  z.union([z.boolean(), z.enum(['true', 'false'])], { error: `${label} must be true or false` }).transform((value) => value === true || value === 'true');

export const PieIdParam = z.uuid({ error: 'must be a valid id' });

/** `PATCH /api/pie/:pieId`: any of the five settings; they apply from the next period. */
export const UpdatePieRequest = z
  .strictObject({
    amount: DollarAmount.optional(),
    artistLimit: bodyInt('artistLimit', PIE_LIMITS.artistLimit.min, PIE_LIMITS.artistLimit.max).optional(),
    artistPopularity: bodyInt('artistPopularity', PIE_LIMITS.artistPopularity.min, PIE_LIMITS.artistPopularity.max).optional(),
    excludeNonActive: z.boolean({ error: 'excludeNonActive must be true or false' }).optional(),
    pieDays: bodyInt('pieDays', PIE_LIMITS.pieDays.min, PIE_LIMITS.pieDays.max).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Send at least one of amount, artistLimit, artistPopularity, excludeNonActive, pieDays' });
export type UpdatePieRequest = z.input<typeof UpdatePieRequest>;

/** `GET /api/pie/:pieId/realtime-stats`: overrides for the preview before saving. */
export const RealtimeStatsQuery = z.strictObject({
  limit: queryInt('limit', PIE_LIMITS.artistLimit.min, PIE_LIMITS.artistLimit.max).optional(),
  artistPopularity: queryInt('artistPopularity', PIE_LIMITS.artistPopularity.min, PIE_LIMITS.artistPopularity.max).optional(),
  excludeNonActive: boolField('excludeNonActive').optional(),
});
export type RealtimeStatsQuery = z.output<typeof RealtimeStatsQuery>;

export const BanArtistRequest = z.strictObject({ banned: z.boolean({ error: 'banned must be true or false' }) });
export type BanArtistRequest = z.infer<typeof BanArtistRequest>;

/** `included`: true = always in, false = never in, null = back to the rules. */
export const SetInclusionRequest = z.strictObject({ included: z.boolean({ error: 'included must be true, false or null' }).nullable() });
export type SetInclusionRequest = z.infer<typeof SetInclusionRequest>;

export const SetInclusionParam = z.uuid({ error: 'must be a valid id' });

export type PieStatus = 'active' | 'past_due' | 'canceled' | 'ended';
export type PeriodState = 'open' | 'closing' | 'closed';
export type ExclusionReason = 'banned' | 'excluded' | 'no_listening' | 'not_active' | 'over_limit';

export interface PieSettings {
  amountCents: number;
  artistLimit: number;
  artistPopularity: number;
  excludeNonActive: boolean;
  pieDays: number;
}

export interface PiePeriodSummary {
  id: string;
  seq: number;
  startsAt: string;
  endsAt: string;
  state: PeriodState;
  fundedCents: number;
  splitCents: number | null;
  distributedCents: number | null;
  artistCount: number | null;
  rolledOver: boolean | null;
  closedAt: string | null;
}

export interface Pie {
  id: string;
  fanId: string;
  status: PieStatus;
  promo: boolean;
  subscriptionId: string | null;
  settings: PieSettings;
  /** Changes the fan saved that apply when the next period opens. */
  pendingSettings: PieSettings | null;
  currentPeriod: PiePeriodSummary | null;
  createdAt: string;
}

export interface PieWithPeriods extends Pie {
  periods: PiePeriodSummary[];
}

/**
 * Another fan's pie, seen through their public profile: its choices and where its money went, but
 * nothing about their payments — no charge, wallet balance, amount, promotion, billing link or late
 * payment (a past-due pie shows as active).
 */
export interface PublicFanPie {
  id: string;
  status: Exclude<PieStatus, 'past_due'>;
  settings: Omit<PieSettings, 'amountCents'>;
  createdAt: string;
  periods: Pick<PiePeriodSummary, 'id' | 'seq' | 'startsAt' | 'endsAt' | 'state' | 'distributedCents' | 'artistCount' | 'closedAt'>[];
}

export interface PieSplitArtist {
  /** The pie artist id (for set-inclusion) when the fan has made a choice about this artist. */
  pieArtistId: string | null;
  artistId: string;
  name: string;
  imageUrl: string | null;
  listenedMs: number;
  popularity: number;
  active: boolean;
  inclusion: 'default' | 'included' | 'excluded';
  banned: boolean;
  selected: boolean;
  reason: ExclusionReason | null;
  tilt: number;
  /** Part of the total weight, 0–1. */
  weight: number;
  shareCents: number;
}

export interface RealtimeStats {
  pieId: string;
  periodId: string | null;
  from: string;
  to: string;
  /** What would be split now: the fan's available wallet balance, or the pie's amount before any is paid. */
  amountCents: number;
  settings: { artistLimit: number; artistPopularity: number; excludeNonActive: boolean };
  artists: PieSplitArtist[];
}

export interface PublicPie {
  pieId: string;
  fanName: string | null;
  /** A past-due pie shows as active: a failed payment is the fan's business. */
  status: Exclude<PieStatus, 'past_due'>;
  period: { startsAt: string; endsAt: string; distributedCents: number } | null;
  artists: { artistId: string; name: string; imageUrl: string | null; shareCents: number; weight: number }[];
}

export interface PieStatementLine {
  artistId: string;
  name: string;
  listenedMs: number;
  weight: number;
  selected: boolean;
  reason: ExclusionReason | null;
  shareCents: number;
  /**
   * Where the share is now, from the ledger: in the artist's escrow, released to the office that
   * claimed the artist, or returned (a refund, a dispute, or escrow unclaimed too long); 'none'
   * for an artist who got nothing.
   */
  whereNow: 'escrow' | 'office' | 'returned' | 'none';
}

/** How the statement page and its PDF say where a share is now. */
export const WHERE_NOW_LABEL: Record<PieStatementLine['whereNow'], string> = {
  escrow: 'In escrow until the artist claims it',
  office: 'With the artist’s team',
  returned: 'Returned to you',
  none: '—',
};

export interface PieStatement {
  periodId: string;
  pieId: string;
  startsAt: string;
  endsAt: string;
  closedAt: string;
  chargeCents: number;
  fees: { label: string; amountCents: number }[];
  /** Money in the wallet before the close that came from earlier periods (rolled over, returned, promotion). */
  carriedInCents: number;
  splitCents: number;
  distributedCents: number;
  keptInWalletCents: number;
  journalId: string | null;
  lines: PieStatementLine[];
}

/**
 * The statement line for the difference between what the close split and what this period's charge
 * brought in: money already in the wallet from earlier periods, or (negative) the part of the charge
 * the close did not split — refunded before it, or paid after the period ended (it waits in the
 * wallet for the next close).
 */
export function carriedInLabel(carriedInCents: number): string {
  return carriedInCents >= 0 ? 'From earlier periods (already in your wallet)' : 'Of this charge, not in this split (refunded, or paid after the period ended)';
}

/** `pie/{pieId}/orphaned-tracks`: plays in the current window of tracks whose details are still missing. */
export interface OrphanedTrackView {
  trackId: string;
  name: string;
  artistNames: string[];
  plays: number;
  listenedMs: number;
}
