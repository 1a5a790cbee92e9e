import { describe, expect, it } from 'vitest';
import { LATE_SCROBBLE_WINDOW_S, lookbackSeconds, POLL_OVERLAP_S } from './scrobble-sources.js';

describe('the poll’s look-back for late scrobbles', () => {
  const now = new Date('2026-11-28T09:30:00Z');

  it('reads the whole 14 days on the first poll of a UTC day, or the first poll ever', () => {
    expect(lookbackSeconds(null, now)).toBe(LATE_SCROBBLE_WINDOW_S);
    expect(lookbackSeconds(new Date('2026-11-27T23:59:00Z'), now)).toBe(LATE_SCROBBLE_WINDOW_S);
    expect(LATE_SCROBBLE_WINDOW_S).toBe(14 * 86_400);
  });

  it('reads only the short overlap on the day’s later polls', () => {
    expect(lookbackSeconds(new Date('2026-11-28T00:00:00Z'), now)).toBe(POLL_OVERLAP_S);
    expect(lookbackSeconds(new Date('2026-11-28T08:40:00Z'), now)).toBe(POLL_OVERLAP_S);
    expect(POLL_OVERLAP_S).toBe(6 * 3600);
  });
});
