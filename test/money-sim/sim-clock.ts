import { vi } from 'vitest';

export const DAY_MS = 86_400_000;

/**
 * Simulated time for the whole test process. The api, the worker and the sandbox run in this
 * process and read `Date` (Pie's schedules, journals' `occurredAt`, Stripe's renewals and payout
 * arrivals), so faking `Date` alone (timers stay real) moves all three together: the sandbox's own
 * clock offset stays at zero. Time stands still within a simulated day and only ever moves forward,
 * so whatever falls due (a renewal, a close, a payout's arrival) falls due at a jump, never while
 * the day's operations or its checks run. Postgres's `now()` stays real: the money paths take
 * their time from the application.
 */
export class SimClock {
  private constructor(readonly startMs: number) {}

  /** Day 0 is noon UTC of today, or `startMs` (a replay starts where the run it replays started). */
  static start(startMs?: number): SimClock {
    vi.useRealTimers();
    const now = new Date();
    const start = startMs ?? Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12);
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: false, now: start });
    return new SimClock(start);
  }

  /** Simulated day `day` (0 = the start), at noon UTC; never moves back. */
  goTo(day: number): void {
    const target = this.startMs + day * DAY_MS;
    if (target > Date.now()) vi.setSystemTime(target);
  }

  /** Moves time forward a little within the day (a job's retry falling due). */
  nudge(ms: number): void {
    vi.setSystemTime(Date.now() + ms);
  }

  dayOf(ms: number): number {
    return Math.floor((ms - this.startMs) / DAY_MS);
  }

  static stop(): void {
    vi.useRealTimers();
  }
}
