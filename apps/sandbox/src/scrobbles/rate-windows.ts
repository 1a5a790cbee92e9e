import { z } from 'zod';

/** A service's published limit: requests a client may make per fixed window. */
export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

/** The body of a stand-in's `POST /__admin/rate-limit`. */
export const rateLimitBody = z.object({ limit: z.number().int().min(1).max(100_000), windowSeconds: z.number().int().min(1).max(3600) }).strict();

/**
 * Fixed windows per client (a token, an API key), as the scrobbling services count requests. They
 * run on real time, so a test's frozen provider clock never blocks a client for good.
 */
export class RateWindows {
  private readonly windows = new Map<string, { start: number; used: number }>();

  constructor(
    public rateLimit: RateLimit,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts one request of `client`: whether it fits, what is left, and the seconds until the window resets. */
  take(client: string): { ok: boolean; remaining: number; resetInSeconds: number } {
    const now = this.clock();
    const windowMs = this.rateLimit.windowSeconds * 1000;
    let window = this.windows.get(client);
    if (!window || now - window.start >= windowMs) {
      window = { start: now, used: 0 };
      this.windows.set(client, window);
    }
    const ok = window.used < this.rateLimit.limit;
    if (ok) window.used++;
    return { ok, remaining: this.rateLimit.limit - window.used, resetInSeconds: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)) };
  }

  /** A new limit, every window started afresh. */
  set(rateLimit: RateLimit): RateLimit {
    this.rateLimit = rateLimit;
    this.windows.clear();
    return rateLimit;
  }
}
