import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLastDayOfMonth, monthlyFeeCovered, monthStart, transferIsDue } from './transfer-rules.js';

const DAY = 24 * 3600 * 1000;
const instant = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2040-12-31T23:59:59Z'), noInvalidDate: true });

describe('transferIsDue', () => {
  it('sends earnings that reach the threshold, and at the month end anything at all', () => {
    const threshold = { thresholdCents: 5000, monthEnd: false };
    expect(transferIsDue(4999, threshold)).toBe(false);
    expect(transferIsDue(5000, threshold)).toBe(true);
    expect(transferIsDue(1, { ...threshold, monthEnd: true })).toBe(true);
    expect(transferIsDue(0, { ...threshold, monthEnd: true })).toBe(false);
    expect(transferIsDue(-250, { thresholdCents: 0, monthEnd: true })).toBe(false);
  });

  it('never sends nothing, and once due stays due as the earnings grow or the month ends', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), fc.boolean(), fc.integer({ min: 0, max: 1_000_000 }), (held, thresholdCents, monthEnd, more) => {
        const due = transferIsDue(held, { thresholdCents, monthEnd });
        if (held <= 0) expect(due).toBe(false);
        if (due) {
          expect(transferIsDue(held + more, { thresholdCents, monthEnd })).toBe(true);
          expect(transferIsDue(held, { thresholdCents, monthEnd: true })).toBe(true);
        }
        // At the month end the threshold does not matter.
        if (monthEnd) expect(due).toBe(held > 0);
      }),
    );
  });
});

describe('the month', () => {
  it('knows the last day of a month, leap Februaries included', () => {
    expect(isLastDayOfMonth(new Date('2028-02-28T12:00:00Z'))).toBe(false);
    expect(isLastDayOfMonth(new Date('2028-02-29T00:00:00Z'))).toBe(true);
    expect(isLastDayOfMonth(new Date('2027-02-28T23:59:59Z'))).toBe(true);
    expect(isLastDayOfMonth(new Date('2026-12-31T08:00:00Z'))).toBe(true);
    expect(isLastDayOfMonth(new Date('2026-12-30T23:59:59Z'))).toBe(false);
  });

  it('has exactly one last day, the day before the next month starts', () => {
    fc.assert(
      fc.property(instant, (now) => {
        expect(isLastDayOfMonth(now)).toBe(monthStart(new Date(now.getTime() + DAY)).getTime() !== monthStart(now).getTime());
        const start = monthStart(now);
        expect(start.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(start.getUTCDate()).toBe(1);
        expect(now.getTime() - start.getTime()).toBeLessThan(31 * DAY);
      }),
    );
  });

  it("covers Stripe's monthly fee from the month's earnings when they reach it", () => {
    expect(monthlyFeeCovered(199, 200)).toBe(false);
    expect(monthlyFeeCovered(200, 200)).toBe(true);
  });
});
