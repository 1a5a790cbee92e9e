import { describe, expect, it } from 'vitest';
import { nextPollAt, POLL_INTERVAL_MS, spreadPollAt } from './listening.constants.js';

describe('poll schedule', () => {
  const now = new Date('2026-01-01T00:00:00Z');

  it('puts the next poll about an interval out, never past two hours', () => {
    for (const random of [0, 0.5, 0.999999]) {
      const gap = nextPollAt(now, () => random).getTime() - now.getTime();
      expect(gap).toBeGreaterThanOrEqual(0.85 * POLL_INTERVAL_MS);
      expect(gap).toBeLessThanOrEqual(1.15 * POLL_INTERVAL_MS);
      expect(gap).toBeLessThan(2 * 3600_000);
    }
  });

  it('spreads fans found in bulk over the coming interval', () => {
    const gaps = [0, 0.25, 0.5, 0.75].map((random) => spreadPollAt(now, () => random).getTime() - now.getTime());
    expect(gaps).toEqual([0, 0.25, 0.5, 0.75].map((share) => share * POLL_INTERVAL_MS));
  });
});
