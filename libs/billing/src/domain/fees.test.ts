import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimatedCardFeeCents, platformFeeCents, splitPayment } from './fees.js';

const cents = fc.integer({ min: 0, max: 10_000_000 });
const bps = fc.integer({ min: 0, max: 10_000 });

describe('platformFeeCents', () => {
  it('takes the basis points of the gross, halves rounded up', () => {
    expect(platformFeeCents(1000, 1000)).toBe(100);
    expect(platformFeeCents(5, 1000)).toBe(1); // 0.5¢ rounds up
    expect(platformFeeCents(4, 1000)).toBe(0); // 0.4¢ rounds down
    expect(platformFeeCents(999, 0)).toBe(0);
  });

  it('is within half a cent of the exact fee and never exceeds the gross', () => {
    fc.assert(
      fc.property(cents, bps, (gross, feeBps) => {
        const fee = platformFeeCents(gross, feeBps);
        expect(Number.isInteger(fee)).toBe(true);
        expect(Math.abs(fee - (gross * feeBps) / 10_000)).toBeLessThanOrEqual(0.5);
        expect(fee).toBeLessThanOrEqual(gross);
      }),
    );
  });
});

describe('estimatedCardFeeCents', () => {
  it("shows Stripe's 2.9% + 30¢ on a $5 and a $10 pie", () => {
    expect(estimatedCardFeeCents(500)).toBe(45); // 14.5¢ rounds up, + 30
    expect(estimatedCardFeeCents(1000)).toBe(59);
  });
});

describe('splitPayment', () => {
  it('gives the fan’s wallet what is left after Stripe’s and the platform’s fees', () => {
    expect(splitPayment(1000, 59, 1000)).toEqual({ grossCents: 1000, processorFeeCents: 59, platformFeeCents: 100, walletCreditCents: 841 });
  });

  it('never takes more than was paid: the fees shrink before the wallet goes negative', () => {
    expect(splitPayment(50, 80, 1000)).toEqual({ grossCents: 50, processorFeeCents: 50, platformFeeCents: 0, walletCreditCents: 0 });
    expect(splitPayment(100, 95, 1000)).toEqual({ grossCents: 100, processorFeeCents: 95, platformFeeCents: 5, walletCreditCents: 0 });
  });

  it('always adds up to the gross, to the cent, with no negative part', () => {
    fc.assert(
      fc.property(cents, cents, bps, (gross, processorFee, feeBps) => {
        const split = splitPayment(gross, processorFee, feeBps);
        expect(split.processorFeeCents + split.platformFeeCents + split.walletCreditCents).toBe(gross);
        for (const part of [split.processorFeeCents, split.platformFeeCents, split.walletCreditCents]) expect(part).toBeGreaterThanOrEqual(0);
        if (processorFee + platformFeeCents(gross, feeBps) <= gross) expect(split.platformFeeCents).toBe(platformFeeCents(gross, feeBps));
      }),
    );
  });
});
