import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitPie, SplitInputError, type SplitCandidate, type SplitSettings } from './split.js';

/** 10,000 cases in CI; `npm run test:split-100k` sets SPLIT_PROPERTY_RUNS=100000. */
const RUNS = Number(process.env.SPLIT_PROPERTY_RUNS ?? 10_000);
/** A property runs its cases in one test: give it time in proportion (the machine may be shared). */
const TIMEOUT = Math.max(60_000, RUNS * 5);

const candidate: fc.Arbitrary<SplitCandidate> = fc.record({
  artistId: fc.uuid(),
  // Zero listening, fractions of a millisecond (credited artists divide a play) and long listening.
  listenedMs: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 400_000_000 }), fc.double({ min: 0.01, max: 1e6, noNaN: true })),
  popularity: fc.integer({ min: 0, max: 100 }),
  active: fc.boolean(),
  inclusion: fc.constantFrom('default', 'default', 'included', 'excluded'),
  banned: fc.integer({ min: 0, max: 9 }).map((n) => n < 2),
  ownOffice: fc.integer({ min: 0, max: 9 }).map((n) => n < 1),
});
const candidates = fc.uniqueArray(candidate, { selector: (c) => c.artistId, maxLength: 60 });
const settings: fc.Arbitrary<SplitSettings> = fc.record({
  amountCents: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 10_000_000 })),
  artistLimit: fc.integer({ min: 1, max: 100 }),
  artistPopularity: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100 })),
  excludeNonActive: fc.boolean(),
});

describe('the split (DESIGN §6)', () => {
  it('shares sum exactly to the amount whenever anyone is selected, each within one cent of its exact quota', () => {
    fc.assert(
      fc.property(candidates, settings, (input, s) => {
        const result = splitPie(input, s);
        const selected = result.lines.filter((line) => line.selected);
        const total = result.lines.reduce((sum, line) => sum + line.shareCents, 0);
        expect(total).toBe(selected.length > 0 ? s.amountCents : 0);
        for (const line of selected) {
          // |share − amount·w/W| < 1  ⇔  |share·W − amount·w| < W, in exact integers.
          const diff = BigInt(line.shareCents) * result.totalWeight - BigInt(s.amountCents) * line.weight;
          expect(diff < 0n ? -diff : diff).toBeLessThan(result.totalWeight);
        }
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT);

  it('pays no one who is banned, excluded, unselected or without listening; at most artistLimit artists', () => {
    fc.assert(
      fc.property(candidates, settings, (input, s) => {
        const result = splitPie(input, s);
        expect(result.lines.filter((line) => line.selected).length).toBeLessThanOrEqual(s.artistLimit);
        for (const line of result.lines) {
          if (line.banned || line.inclusion === 'excluded' || !line.selected || line.listenedMs <= 0) expect(line.shareCents).toBe(0);
          if (line.banned) expect(line.reason).toBe('banned');
          // Promotional money never goes to the fan's own office, whatever the fan chose.
          if (line.ownOffice) expect(line.shareCents).toBe(0);
          if (line.ownOffice && !line.banned && line.inclusion !== 'excluded') expect(line.reason).toBe('own_office');
          if (line.weight === 0n) expect(line.shareCents).toBe(0);
          if (s.excludeNonActive && !line.active && line.inclusion !== 'included') expect(line.selected).toBe(false);
        }
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT);

  it('always selects manually included artists with listening (when they fit the limit), paying at least their whole quota', () => {
    fc.assert(
      fc.property(candidates, settings, (input, s) => {
        const result = splitPie(input, s);
        const included = result.lines.filter((line) => line.inclusion === 'included' && !line.banned && !line.ownOffice && line.listenedMs > 0);
        if (included.length > s.artistLimit) return;
        for (const line of included) {
          expect(line.selected).toBe(true);
          expect(line.reason).toBeNull();
          const floorQuota = (BigInt(s.amountCents) * line.weight) / result.totalWeight;
          expect(BigInt(line.shareCents)).toBeGreaterThanOrEqual(floorQuota);
        }
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT);

  it('does not depend on the order of the input', () => {
    fc.assert(
      fc.property(candidates, settings, fc.func(fc.integer()), (input, s, key) => {
        const shuffled = [...input].map((c, i) => ({ c, k: key(i) })).sort((a, b) => a.k - b.k).map(({ c }) => c);
        const strip = (r: ReturnType<typeof splitPie>) => r.lines.map((l) => [l.artistId, l.shareCents, l.reason, l.weight.toString()]);
        expect(strip(splitPie(shuffled, s))).toEqual(strip(splitPie(input, s)));
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT);

  it('gives the limit to the most listened, ties by artist id, and tilts toward the less popular', () => {
    const artist = (artistId: string, listenedMs: number, popularity = 50): SplitCandidate => ({ artistId, listenedMs, popularity, active: true, inclusion: 'default', banned: false });
    const pure = splitPie([artist('b', 100), artist('a', 100), artist('c', 50)], { amountCents: 101, artistLimit: 2, artistPopularity: 0, excludeNonActive: false });
    expect(pure.lines.map((l) => [l.artistId, l.shareCents, l.reason])).toEqual([['a', 51], ['b', 50], ['c', 0, 'over_limit']].map(([id, c, r]) => [id, c, r ?? null]));

    const input = [artist('indie', 1000, 0), artist('star', 1000, 100)];
    const flat = splitPie(input, { amountCents: 1000, artistLimit: 5, artistPopularity: 0, excludeNonActive: false });
    const tilted = splitPie(input, { amountCents: 1000, artistLimit: 5, artistPopularity: 100, excludeNonActive: false });
    const share = (r: ReturnType<typeof splitPie>, id: string) => r.lines.find((l) => l.artistId === id)!.shareCents;
    expect(share(flat, 'indie')).toBe(500);
    // s = 1: indie's factor 1.5, star's 0.5 → 750 / 250.
    expect(share(tilted, 'indie')).toBe(750);
    expect(share(tilted, 'star')).toBe(250);
  });

  it('names the reason for each artist left out', () => {
    const base = { popularity: 10, active: true, inclusion: 'default' as const, banned: false };
    const result = splitPie(
      [
        { ...base, artistId: 'banned', listenedMs: 9, banned: true, inclusion: 'included' },
        { ...base, artistId: 'excluded', listenedMs: 9, inclusion: 'excluded' },
        { ...base, artistId: 'own-office', listenedMs: 99, inclusion: 'included', ownOffice: true },
        { ...base, artistId: 'silent', listenedMs: 0 },
        { ...base, artistId: 'retired', listenedMs: 9, active: false },
        { ...base, artistId: 'chosen-retired', listenedMs: 1, active: false, inclusion: 'included' },
        { ...base, artistId: 'top', listenedMs: 8 },
        { ...base, artistId: 'second', listenedMs: 7 },
      ],
      { amountCents: 100, artistLimit: 2, artistPopularity: 0, excludeNonActive: true },
    );
    const reasons = Object.fromEntries(result.lines.map((l) => [l.artistId, l.reason]));
    expect(reasons).toEqual({ banned: 'banned', excluded: 'excluded', 'own-office': 'own_office', silent: 'no_listening', retired: 'not_active', 'chosen-retired': null, top: null, second: 'over_limit' });
    expect(result.lines.filter((l) => l.selected).map((l) => l.artistId).sort()).toEqual(['chosen-retired', 'top']);
  });

  it('refuses input it cannot split exactly', () => {
    const s: SplitSettings = { amountCents: 1.5, artistLimit: 1, artistPopularity: 0, excludeNonActive: false };
    expect(() => splitPie([], s)).toThrow(SplitInputError);
    expect(() => splitPie([], { ...s, amountCents: 1, artistLimit: 0 })).toThrow(SplitInputError);
    const twice = { artistId: 'x', listenedMs: 1, popularity: 0, active: true, inclusion: 'default' as const, banned: false };
    expect(() => splitPie([twice, twice], { ...s, amountCents: 1 })).toThrow(/twice/);
  });
});
