import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { largestRemainder } from './largest-remainder.js';

const sum = (shares: Map<string, bigint>) => [...shares.values()].reduce((total, share) => total + share, 0n);

describe('largestRemainder', () => {
  it('gives the leftover cents to the largest remainders', () => {
    // 100 among weights 1:1:1 → 33.33 each; one cent left, to the first id on a tie.
    expect(largestRemainder(100n, [{ id: 'b', weight: 1n }, { id: 'a', weight: 1n }, { id: 'c', weight: 1n }])).toEqual(new Map([['a', 34n], ['b', 33n], ['c', 33n]]));
    // 10 among 7:3 → exact, nothing left over.
    expect(largestRemainder(10n, [{ id: 'x', weight: 7n }, { id: 'y', weight: 3n }])).toEqual(new Map([['x', 7n], ['y', 3n]]));
  });

  it('gives nothing to a zero weight, and nothing at all when every weight is zero', () => {
    expect(largestRemainder(5n, [{ id: 'a', weight: 0n }, { id: 'b', weight: 2n }]).get('a')).toBe(0n);
    expect(largestRemainder(5n, [{ id: 'a', weight: 0n }, { id: 'b', weight: 0n }])).toEqual(new Map([['a', 0n], ['b', 0n]]));
  });

  it('shares out exactly the amount, each share within one cent of its quota, whatever the input order', () => {
    const weights = fc.uniqueArray(fc.record({ id: fc.string({ minLength: 1, maxLength: 4 }), weight: fc.bigInt({ min: 0n, max: 1_000_000n }) }), { selector: (w) => w.id, minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10_000_000n }), weights, (amount, ws) => {
        const total = ws.reduce((s, w) => s + w.weight, 0n);
        const shares = largestRemainder(amount, ws);
        expect(sum(shares)).toBe(total === 0n ? 0n : amount);
        for (const w of ws) {
          const share = shares.get(w.id)!;
          expect(share >= 0n).toBe(true);
          if (total > 0n) {
            // share × total lies within one total of amount × weight.
            const off = share * total - amount * w.weight;
            expect(off > -total && off < total).toBe(true);
          }
        }
        expect(largestRemainder(amount, [...ws].reverse())).toEqual(shares);
      }),
    );
  });
});
