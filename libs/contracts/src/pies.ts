import { z } from 'zod';
import { bodyInt, queryInt } from './fields.js';
import { DollarAmount, dollarsField } from './billing.js';
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

/**
 * `realtime-stats`' `:pieId`: one of the fan's pies, or `new` — the pie the fan is about to create,
 * whose split is estimated from their recent listening (the create modal).
 */
export const NEW_PIE = 'new';
export const RealtimeStatsPieParam = z.union([z.literal(NEW_PIE), z.uuid()], { error: `must be a valid id or "${NEW_PIE}"` });

/**
 * Before a period has listening of its own (or before there is a pie), the preview estimates the split
 * from the fan's listening over this many days, up to now.
 */
export const SPLIT_ESTIMATE_DAYS = 28;

/**
 * `GET /api/pie/:pieId/realtime-stats`: overrides for the preview before saving. `amount` (dollars)
 * is what a pie not created yet (`new`) would split; an existing pie splits its wallet.
 */
export const RealtimeStatsQuery = z.strictObject({
  limit: queryInt('limit', PIE_LIMITS.artistLimit.min, PIE_LIMITS.artistLimit.max).optional(),
  artistPopularity: queryInt('artistPopularity', PIE_LIMITS.artistPopularity.min, PIE_LIMITS.artistPopularity.max).optional(),
  excludeNonActive: boolField('excludeNonActive').optional(),
  amount: dollarsField((cents) => (cents < 1 || cents > PIE_AMOUNT_MAX_CENTS ? 'amount must be between $0.01 and $1,000.00' : undefined)).optional(),
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
/** `own_office`: promotional money never goes to an artist claimed by an office the fan belongs to (libs/pies/README.md). */
export type ExclusionReason = 'banned' | 'excluded' | 'own_office' | 'no_listening' | 'not_active' | 'over_limit';

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
  /** Null for a pie not created yet (`new`). */
  pieId: string | null;
  periodId: string | null;
  /** The listening the split is computed from: the period so far, or the estimate's days. */
  from: string;
  to: string;
  /**
   * What would be split now: the fan's available wallet balance, or the pie's amount before any is
   * paid; for a new pie, the `amount` asked about.
   */
  amountCents: number;
  settings: { artistLimit: number; artistPopularity: number; excludeNonActive: boolean };
  artists: PieSplitArtist[];
  /**
   * Set when this is an estimate: the period has no listening of its own yet (or there is no period
   * or pie yet), so the split is computed from the last `days` days of listening instead. The close
   * splits only the period's own listening.
   */
  estimate: { days: number } | null;
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

/** Why an artist got nothing, for every reason the split gives (the compiler checks none is missing). */
export const EXCLUSION_REASON_LABEL: Record<ExclusionReason, string> = {
  banned: 'Banned by you',
  excluded: 'Excluded by you',
  own_office: 'Your own office: free pie money goes to other artists',
  no_listening: 'No listening this period',
  not_active: 'Not active',
  over_limit: 'Over your artist limit',
};

/** A statement's group of artists who got nothing: `under_a_cent` is selected, but a share under a cent. */
export type PieStatementNotPaidReason = ExclusionReason | 'under_a_cent';

export const NOT_PAID_LABEL: Record<PieStatementNotPaidReason, string> = { ...EXCLUSION_REASON_LABEL, under_a_cent: 'Selected, with a share under a cent' };

/** One line of a statement's money, exactly as the page, the CSV and the PDF show it (amount signed as shown). */
export interface PieStatementMoneyLine {
  kind: 'charge' | 'fee' | 'carried_in' | 'split' | 'to_artists' | 'kept' | 'total' | 'difference';
  label: string;
  amountCents: number;
  bold: boolean;
}

/** The artists who got nothing for one reason: counted, their listened time summed, listed for the page. */
export interface PieStatementNotPaid {
  reason: PieStatementNotPaidReason;
  label: string;
  count: number;
  listenedMs: number;
  artists: { artistId: string; name: string; listenedMs: number }[];
}

export interface PieStatement {
  periodId: string;
  pieId: string;
  startsAt: string;
  endsAt: string;
  closedAt: string;
  /** What funded the period, from the ledger: the invoice's gross, or the free promotion that paid for a promotional pie. */
  chargeCents: number;
  /** 'Charge', or 'Free promotion' for a promotional period. */
  chargeLabel: string;
  fees: { label: string; amountCents: number }[];
  /** Money in the wallet before the close that came from earlier periods (rolled over, returned), or (negative) this charge's money the close did not split. */
  carriedInCents: number;
  splitCents: number;
  distributedCents: number;
  /** What the close's journal put in artists' escrow (the sum of the shares). */
  sharesCents: number;
  keptInWalletCents: number;
  /**
   * The sum of the lines (fees + each artist's share + kept − carried in), each read on its own:
   * the fees and shares from the ledger's journals, the split, what the period was funded with and
   * what it gave from the close's own record. It equals the charge when the books agree.
   */
  totalCents: number;
  /** totalCents − chargeCents: not zero means the ledger and the close's record disagree (shown as a line). */
  differenceCents: number;
  journalId: string | null;
  /** The money, line by line: what the page, the CSV and the PDF all show, in this order. */
  money: PieStatementMoneyLine[];
  /** The artists paid, largest share first. */
  paid: PieStatementLine[];
  /** Everyone else, one group per reason (the page lists them on demand; the CSV and PDF count them). */
  notPaid: PieStatementNotPaid[];
}

/** The statement line for a difference between the lines and the charge. */
export const STATEMENT_DIFFERENCE_LABEL = 'Difference: the lines do not add up to the charge (reported to Pie)';

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
