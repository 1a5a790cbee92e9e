import { describe, expect, it } from 'vitest';
import { bucketColor, bucketIndex, CHOROPLETH_COLORS, choroplethBuckets, legendRanges, listeningByCountry, NO_DATA_COLOR } from './choropleth';
import { fanArtist } from './test-fixtures';

describe('listening per country', () => {
  it('sums artists per country, most listened first, and counts unknown countries apart', () => {
    const totals = listeningByCountry([
      fanArtist({ country: 'SE', listened_ms: 1_000, plays: 1 }),
      fanArtist({ country: 'de', listened_ms: 5_000, plays: 4 }),
      fanArtist({ country: 'SE', listened_ms: 3_000, plays: 2 }),
      fanArtist({ country: null, listened_ms: 700, plays: 3 }),
      fanArtist({ country: '', listened_ms: 300, plays: 1 }),
    ]);
    expect(totals.countries).toEqual([
      { code: 'DE', listenedMs: 5_000, artists: 1, plays: 4 },
      { code: 'SE', listenedMs: 4_000, artists: 2, plays: 3 },
    ]);
    expect(totals.unknown).toEqual({ artists: 2, listenedMs: 1_000, plays: 4 });
  });
});

describe('choropleth buckets', () => {
  it('makes quantile classes of about as many countries each', () => {
    const buckets = choroplethBuckets([10, 1, 9, 2, 8, 3, 7, 4, 6, 5]);
    expect(buckets.map(({ min, max }) => [min, max])).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 8],
      [9, 10],
    ]);
    expect(buckets.map((bucket) => bucket.color)).toEqual([...CHOROPLETH_COLORS]);
  });

  it('never splits equal values and uses no more buckets than distinct values', () => {
    const buckets = choroplethBuckets([1, 1, 1, 1, 5]);
    expect(buckets.map(({ min, max }) => [min, max])).toEqual([
      [1, 1],
      [5, 5],
    ]);
    // Two classes take the ends of the scale, not two dark shades.
    expect(buckets.map((bucket) => bucket.color)).toEqual([CHOROPLETH_COLORS[0], CHOROPLETH_COLORS[4]]);
    expect(choroplethBuckets([7]).map((bucket) => bucket.color)).toEqual([CHOROPLETH_COLORS[4]]);
  });

  it('leaves out zero and is empty without listening', () => {
    expect(choroplethBuckets([0, 0])).toEqual([]);
    expect(choroplethBuckets([])).toEqual([]);
    expect(choroplethBuckets([0, 3, 3]).map(({ min, max }) => [min, max])).toEqual([[3, 3]]);
  });

  it('puts every value in its class, and nothing in none', () => {
    const buckets = choroplethBuckets([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(bucketIndex(1, buckets)).toBe(0);
    expect(bucketIndex(2, buckets)).toBe(0);
    expect(bucketIndex(2.5, buckets)).toBe(1);
    expect(bucketIndex(10, buckets)).toBe(4);
    expect(bucketIndex(99, buckets)).toBe(4);
    expect(bucketIndex(0, buckets)).toBe(-1);
    expect(bucketColor(0, buckets)).toBe(NO_DATA_COLOR);
    expect(bucketColor(10, buckets)).toBe(CHOROPLETH_COLORS[4]);
  });
});

describe('the legend', () => {
  it('has no gaps between its ranges, and the busiest is the brightest', () => {
    const buckets = choroplethBuckets([60_000, 120_000, 600_000, 3_600_000, 7_200_000]);
    const ranges = legendRanges(buckets);

    expect(ranges[0]).toMatchObject({ from: null, to: buckets[0]!.max });
    for (let index = 1; index < ranges.length; index += 1) expect(ranges[index]!.from).toBe(ranges[index - 1]!.to);
    expect(ranges.at(-1)).toMatchObject({ from: buckets.at(-2)!.max, to: null, color: CHOROPLETH_COLORS.at(-1) });
  });
});
