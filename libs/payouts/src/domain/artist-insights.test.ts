import { describe, expect, it } from 'vitest';
import { poolSmallCountries } from './artist-insights.js';

const rows = (entries: [string | null, number, number][]) => new Map(entries.map(([country, fans, receivedCents]) => [country, { fans, receivedCents }]));
const fansOf = (result: ReturnType<typeof poolSmallCountries>) => Object.fromEntries(result.map((row) => [String(row.country), row.fans]));

describe('poolSmallCountries', () => {
  it('keeps countries of five fans or more and pools the rest with the unknown', () => {
    const result = poolSmallCountries(rows([['DE', 9, 900], ['US', 6, 600], ['FR', 3, 300], [null, 2, 200]]));
    expect(fansOf(result)).toEqual({ DE: 9, US: 6, null: 5 });
    expect(result.find((row) => row.country === null)?.receivedCents).toBe(500);
  });

  it('pools the smallest named country too while the pool is a handful, so the total less the rows is never 1 to 4', () => {
    expect(fansOf(poolSmallCountries(rows([['DE', 9, 900], ['US', 5, 500], [null, 1, 100]])))).toEqual({ DE: 9, null: 6 });
    expect(fansOf(poolSmallCountries(rows([['DE', 5, 500], ['US', 1, 100], [null, 1, 100]])))).toEqual({ null: 7 });
  });

  it('keeps every cent, and leaves no pooled row when nobody is in it', () => {
    const input = rows([['DE', 5, 501], ['US', 7, 702]]);
    const result = poolSmallCountries(input);
    expect(fansOf(result)).toEqual({ DE: 5, US: 7 });
    expect(result.reduce((total, row) => total + row.receivedCents, 0)).toBe(1203);
    expect(poolSmallCountries(rows([['DE', 2, 200]]))).toEqual([{ country: null, fans: 2, receivedCents: 200 }]);
  });
});
