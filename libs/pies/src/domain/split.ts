/**
 * The split (DESIGN §6, binding): who among the artists a fan listened to gets how many cents.
 * One pure function used by `realtime-stats` (the preview) and the period close, so the fan sees
 * exactly what the close will do. Everything after the input is integer arithmetic (bigint), so
 * the result is exact and cannot depend on the order of the input.
 */
import { largestRemainder } from '#pie/ledger';

export type Inclusion = 'default' | 'included' | 'excluded';

/** Why an artist the fan listened to (or chose) gets nothing, in the order the rules are applied. */
export type ExclusionReason = 'banned' | 'excluded' | 'own_office' | 'no_listening' | 'not_active' | 'over_limit';

export interface SplitCandidate {
  artistId: string;
  /** Listened milliseconds in the window, a play's time divided among the track's credited artists. */
  listenedMs: number;
  /** 0–100, the platform's own popularity percentile. */
  popularity: number;
  active: boolean;
  inclusion: Inclusion;
  banned: boolean;
  /**
   * The money split is (partly) a promotion and this artist is claimed by an office the fan is a
   * member of: promotional money never goes to the promotion's own person. Out whatever the fan chose.
   */
  ownOffice?: boolean;
}

export interface SplitSettings {
  /** What there is to split, in cents (the fan's whole available wallet balance at a close). */
  amountCents: number;
  artistLimit: number;
  /** 0 = pure listening time; up to 100 tilts money toward the less popular. */
  artistPopularity: number;
  excludeNonActive: boolean;
}

export interface SplitLine extends SplitCandidate {
  selected: boolean;
  reason: ExclusionReason | null;
  /** The tilt applied to the listened time (1 when artistPopularity is 0). */
  tilt: number;
  /** Integer weight the cents are divided by (listened micro-units × tilt numerator); '0' when not selected. */
  weight: bigint;
  /** The artist's exact quota in cents as a fraction: weight × amount / totalWeight. */
  shareCents: number;
}

export interface SplitResult {
  amountCents: number;
  totalWeight: bigint;
  /** Every candidate once, selected ones first by share (then artist id), then the excluded by listened time. */
  lines: SplitLine[];
}

/** Listened milliseconds are kept to a thousandth of a millisecond (credited artists divide a play). */
const LISTENED_UNITS_PER_MS = 1000;
const TILT_SCALE = 10n; // clamp bounds 0.1 and 2.0 as integers over the common denominator

const compareIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export class SplitInputError extends Error {}

function assertSettings(settings: SplitSettings): void {
  const { amountCents, artistLimit, artistPopularity } = settings;
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new SplitInputError(`amountCents must be a non-negative integer, got ${amountCents}`);
  if (!Number.isInteger(artistLimit) || artistLimit < 1) throw new SplitInputError(`artistLimit must be a positive integer, got ${artistLimit}`);
  if (!Number.isInteger(artistPopularity) || artistPopularity < 0 || artistPopularity > 100) {
    throw new SplitInputError(`artistPopularity must be an integer from 0 to 100, got ${artistPopularity}`);
  }
}

function listenedUnits(listenedMs: number): bigint {
  if (!Number.isFinite(listenedMs) || listenedMs <= 0) return 0n;
  // A positive listening never rounds down to nothing.
  return BigInt(Math.max(1, Math.round(listenedMs * LISTENED_UNITS_PER_MS)));
}

function reasonFor(candidate: SplitCandidate, units: bigint, settings: SplitSettings): ExclusionReason | null {
  if (candidate.banned) return 'banned';
  if (candidate.inclusion === 'excluded') return 'excluded';
  if (candidate.ownOffice) return 'own_office';
  if (units === 0n) return 'no_listening';
  // A manual inclusion is the fan's explicit choice and outranks the general "active only" filter.
  if (settings.excludeNonActive && !candidate.active && candidate.inclusion !== 'included') return 'not_active';
  return null;
}

/**
 * The popularity tilt clamp(1 − s·0.5·(pop − mean)/maxDev, 0.1, 2.0), s = artistPopularity/100, as
 * exact fractions: with d = n·(pop − mean) = n·pop − Σpop and maxDevN = max |d|, the factor is
 * (D − ap·d) / D where D = 200·maxDevN. Numerators are returned ×10 so the clamp bounds are
 * integers; the common denominator cancels in the division of the cents.
 */
function tiltNumerators(selected: SplitCandidate[], artistPopularity: number): { numerators: bigint[]; denominator: bigint } {
  // No tilt asked for, or nobody above or below the mean: every factor is 1.
  const untilted = () => ({ numerators: selected.map(() => 1n), denominator: 1n });
  if (artistPopularity === 0) return untilted();
  const n = BigInt(selected.length);
  const sum = selected.reduce((total, artist) => total + BigInt(artist.popularity), 0n);
  const deviations = selected.map((artist) => n * BigInt(artist.popularity) - sum); // n·(pop − mean)
  const maxDev = deviations.reduce((max, d) => (d < 0n ? -d : d) > max ? (d < 0n ? -d : d) : max, 0n);
  if (maxDev === 0n) return untilted();
  const ap = BigInt(artistPopularity);
  const denominator = 200n * maxDev;
  const numerators = deviations.map((d) => {
    const raw = TILT_SCALE * (denominator - ap * d); // 10·D·factor
    const low = denominator; // 10·D·0.1
    const high = 20n * denominator; // 10·D·2.0
    return raw < low ? low : raw > high ? high : raw;
  });
  return { numerators, denominator: TILT_SCALE * denominator };
}

/**
 * Splits `settings.amountCents` among `candidates`:
 * banned and manually excluded artists are out, so are artists of the fan's own office when the
 * money is a promotion (`ownOffice`, even if included by hand), artists without listening are out, with
 * `excludeNonActive` artists flagged not active are out (unless manually included); manually
 * included artists take their slots first (most listened first if there are more of them than
 * the limit), the remaining `artistLimit` slots go to the most-listened; weights are listened time
 * tilted by popularity; shares by the largest remainder, ties by artist id.
 *
 * When no artist is selected (or amount is 0) every share is 0: the caller keeps the money.
 */
export function splitPie(candidates: readonly SplitCandidate[], settings: SplitSettings): SplitResult {
  assertSettings(settings);
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (seen.has(candidate.artistId)) throw new SplitInputError(`artist ${candidate.artistId} appears twice`);
    seen.add(candidate.artistId);
  }

  // Everything per candidate is kept by position and computed once: a batch of closes splits a
  // hundred thousand candidate lists, and maps keyed by id or bigints made in comparators were most
  // of its cost.
  const count = candidates.length;
  const units = candidates.map((c) => listenedUnits(c.listenedMs));
  const reasons = candidates.map((c, i) => reasonFor(c, units[i]!, settings));
  const byId = (i: number, j: number) => compareIds(candidates[i]!.artistId, candidates[j]!.artistId);
  // Most listened first, ties by artist id: the order the limit's slots are handed out in.
  const mostListenedFirst = (i: number, j: number) => (units[i] !== units[j] ? (units[i]! > units[j]! ? -1 : 1) : byId(i, j));
  const isIncluded = (i: number) => candidates[i]!.inclusion === 'included';
  const eligible: number[] = [];
  for (let i = 0; i < count; i++) if (reasons[i] === null) eligible.push(i);
  eligible.sort((i, j) => (isIncluded(i) !== isIncluded(j) ? (isIncluded(i) ? -1 : 1) : mostListenedFirst(i, j)));
  const selected = eligible.slice(0, settings.artistLimit);
  for (const i of eligible.slice(settings.artistLimit)) reasons[i] = 'over_limit';

  // Sorted by id so nothing downstream can see the input order.
  selected.sort(byId);
  const { numerators, denominator } = tiltNumerators(selected.map((i) => candidates[i]!), settings.artistPopularity);
  const weights = new Array<bigint>(count).fill(0n);
  const tilts = new Array<number>(count).fill(1);
  const isSelected = new Array<boolean>(count).fill(false);
  let totalWeight = 0n;
  selected.forEach((i, k) => {
    weights[i] = units[i]! * numerators[k]!;
    tilts[i] = Number(numerators[k]) / Number(denominator);
    isSelected[i] = true;
    totalWeight += weights[i]!;
  });
  const shares = largestRemainder(BigInt(settings.amountCents), selected.map((i) => ({ id: candidates[i]!.artistId, weight: weights[i]! })));
  const shareOf = candidates.map((c, i) => (isSelected[i] ? Number(shares.get(c.artistId)) : 0));

  // Selected first by share (then id), then the excluded by listened time (then id).
  const order = Array.from({ length: count }, (_, i) => i);
  order.sort((i, j) => {
    if (isSelected[i] !== isSelected[j]) return isSelected[i] ? -1 : 1;
    if (isSelected[i]) return shareOf[i] !== shareOf[j] ? shareOf[j]! - shareOf[i]! : byId(i, j);
    return mostListenedFirst(i, j);
  });
  const lines: SplitLine[] = order.map((i) => ({
    ...candidates[i]!,
    selected: isSelected[i]!,
    reason: reasons[i]!,
    tilt: tilts[i]!,
    weight: weights[i]!,
    shareCents: shareOf[i]!,
  }));
  return { amountCents: settings.amountCents, totalWeight, lines };
}

/** The part of the total weight an artist holds, for display (0–1). */
export function weightShare(line: SplitLine, totalWeight: bigint): number {
  if (totalWeight === 0n) return 0;
  // Six decimals are plenty for a percentage on screen; the cents never use this.
  return Number((line.weight * 1_000_000n) / totalWeight) / 1_000_000;
}
