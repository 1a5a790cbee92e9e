import type { FanArtist } from '#pie/contracts';

/** One country's share of the fan's listening (artists' `country`, ISO 3166-1 alpha-2). */
export interface CountryListening {
  code: string;
  listenedMs: number;
  artists: number;
  plays: number;
}

export interface CountryTotals {
  countries: CountryListening[];
  /** Artists whose country is not known (yet): counted apart, not on the map. */
  unknown: { artists: number; listenedMs: number; plays: number };
}

/** The fan's artists summed per country, most listened first. */
export function listeningByCountry(artists: readonly FanArtist[]): CountryTotals {
  const byCode = new Map<string, CountryListening>();
  const unknown = { artists: 0, listenedMs: 0, plays: 0 };
  for (const artist of artists) {
    const code = artist.country?.trim().toUpperCase();
    if (!code || !/^[A-Z]{2}$/.test(code)) {
      unknown.artists += 1;
      unknown.listenedMs += artist.listened_ms;
      unknown.plays += artist.plays;
      continue;
    }
    const entry = byCode.get(code) ?? { code, listenedMs: 0, artists: 0, plays: 0 };
    entry.listenedMs += artist.listened_ms;
    entry.artists += 1;
    entry.plays += artist.plays;
    byCode.set(code, entry);
  }
  const countries = [...byCode.values()].sort((a, b) => b.listenedMs - a.listenedMs || a.code.localeCompare(b.code));
  return { countries, unknown };
}

/** Light (little) to bright (a lot) on the dark purple page; every step differs in lightness. */
export const CHOROPLETH_COLORS = ['#46198c', '#6a2bd3', '#8f66f6', '#c4b0fe', '#f5f0ff'] as const;
/** Countries with no listening. */
export const NO_DATA_COLOR = '#2a2240';

export interface Bucket {
  /** Smallest and largest value in the bucket (inclusive). */
  min: number;
  max: number;
  color: string;
}

/**
 * Quantile classes of the positive values: at most `maxBuckets` buckets of about as many
 * countries each, equal values never split, ascending. Empty when nothing is positive.
 */
export function choroplethBuckets(values: readonly number[], maxBuckets = CHOROPLETH_COLORS.length): Bucket[] {
  const sorted = values.filter((value) => value > 0).sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  const count = Math.min(maxBuckets, new Set(sorted).size);
  const ranges: Array<{ min: number; max: number }> = [];
  let start = 0;
  for (let index = 0; index < count && start < sorted.length; index += 1) {
    let end = Math.max(start + 1, Math.round(((index + 1) * sorted.length) / count));
    while (end < sorted.length && sorted[end] === sorted[end - 1]) end += 1;
    ranges.push({ min: sorted[start]!, max: sorted[end - 1]! });
    start = end;
  }
  const last = CHOROPLETH_COLORS.length - 1;
  return ranges.map((range, index) => ({
    ...range,
    // Spread over the whole scale, so two buckets are dark and bright, not two dark shades.
    color: CHOROPLETH_COLORS[ranges.length === 1 ? last : Math.round((index * last) / (ranges.length - 1))]!,
  }));
}

/** The bucket a value falls in (-1 for none or no listening). */
export function bucketIndex(value: number, buckets: readonly Bucket[]): number {
  if (value <= 0 || buckets.length === 0) return -1;
  const index = buckets.findIndex((bucket) => value <= bucket.max);
  return index === -1 ? buckets.length - 1 : index;
}

export function bucketColor(value: number, buckets: readonly Bucket[]): string {
  const index = bucketIndex(value, buckets);
  return index === -1 ? NO_DATA_COLOR : buckets[index]!.color;
}

/**
 * The legend's ranges with no gaps between them: each bucket from where the one before ends
 * ("up to 40 min", "40 min to 2 h", "over 2 h"), so every value has exactly one place.
 */
export function legendRanges(buckets: readonly Bucket[]): Array<{ from: number | null; to: number | null; color: string }> {
  if (buckets.length === 1) return [{ from: buckets[0]!.min, to: buckets[0]!.max, color: buckets[0]!.color }];
  return buckets.map((bucket, index) => ({
    from: index === 0 ? null : buckets[index - 1]!.max,
    to: index === buckets.length - 1 ? null : bucket.max,
    color: bucket.color,
  }));
}
