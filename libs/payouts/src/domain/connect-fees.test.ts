import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billingMonthOf, passOnFee, payoutFeeCents } from './connect-fees.js';

describe('payoutFeeCents', () => {
  it("charges Stripe's 0.25% + 25¢ per payout, the percentage rounded half up", () => {
    expect(payoutFeeCents(10_000)).toBe(50); // $100: 25¢ + 25¢
    expect(payoutFeeCents(200)).toBe(26); // 0.5¢ rounds up
    expect(payoutFeeCents(199)).toBe(25); // 0.4975¢ rounds down
    expect(payoutFeeCents(0)).toBe(25);
  });

  it('never charges less for a larger payout, nor more than half a cent off the exact percentage', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (amount, more) => {
        expect(payoutFeeCents(amount + more)).toBeGreaterThanOrEqual(payoutFeeCents(amount));
        expect(Math.abs(payoutFeeCents(amount) - 25 - amount * 0.0025)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

describe('passOnFee', () => {
  it('takes the fee from the office’s earnings, and what they cannot cover is the platform’s loss', () => {
    expect(passOnFee(200, 5_000)).toEqual({ fromEarnings: 200, platformLoss: 0 });
    expect(passOnFee(200, 150)).toEqual({ fromEarnings: 150, platformLoss: 50 });
    expect(passOnFee(200, 0)).toEqual({ fromEarnings: 0, platformLoss: 200 });
  });

  it('never takes from earnings that are negative after a reversal', () => {
    expect(passOnFee(200, -3_000)).toEqual({ fromEarnings: 0, platformLoss: 200 });
  });

  it('always books the whole fee, never more than the earnings, never a negative part', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: -1_000_000, max: 1_000_000 }), (fee, earnings) => {
        const { fromEarnings, platformLoss } = passOnFee(fee, earnings);
        expect(fromEarnings + platformLoss).toBe(fee);
        expect(fromEarnings).toBeGreaterThanOrEqual(0);
        expect(platformLoss).toBeGreaterThanOrEqual(0);
        expect(fromEarnings).toBeLessThanOrEqual(Math.max(0, earnings));
      }),
    );
  });
});

describe('billingMonthOf', () => {
  it("names the UTC month Stripe bills a payout's account in", () => {
    expect(billingMonthOf({ created: Date.parse('2026-11-30T23:59:59Z') / 1000 })).toBe('2026-11');
    expect(billingMonthOf({ created: Date.parse('2026-12-01T00:00:00Z') / 1000 })).toBe('2026-12');
  });
});
