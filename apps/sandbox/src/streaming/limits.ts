import { hashString, mulberry32, type Random } from './prng.js';

/** The streaming provider's clock: the providers' clock plus an offset tests and people can move. */
export class SandboxClock {
  constructor(
    private readonly base: () => number,
    public offsetMs = 0,
  ) {}

  now(): number {
    return this.base() + this.offsetMs;
  }
}

export interface RateLimitConfig {
  /** Sustained rate per access token. */
  requestsPerSecond: number;
  /** Bucket size: how many requests a token may send at once. */
  burst: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitConfig = { requestsPerSecond: 10, burst: 20 };

/** A token bucket per access token; an empty bucket answers with the seconds until the next token. */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    public config: RateLimitConfig | null,
    private readonly clock: () => number,
  ) {}

  take(key: string): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const config = this.config;
    if (!config) return { ok: true };
    const now = this.clock();
    const bucket = this.buckets.get(key) ?? { tokens: config.burst, at: now };
    bucket.tokens = Math.min(config.burst, bucket.tokens + ((now - bucket.at) / 1000) * config.requestsPerSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 10_000) this.sweep(now, config);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    // Whole seconds, as Spotify's Retry-After; at least 1.
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / config.requestsPerSecond)) };
  }

  reset(): void {
    this.buckets.clear();
  }

  /** Forgets buckets that have refilled: they behave exactly like new ones. */
  private sweep(now: number, config: RateLimitConfig): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * config.requestsPerSecond >= config.burst) this.buckets.delete(key);
    }
  }
}

export interface RandomFaultConfig {
  /** Share of eligible requests that fail, 0..1. */
  rate: number;
  /** Statuses a random fault answers with, chosen evenly. */
  statuses: number[];
  /** Retry-After (seconds) on a random 429 or 503. */
  retryAfterSeconds: number;
  /** Seeds the fault decisions: the same seed and request sequence give the same faults. */
  seed: string;
}

export interface ForcedFaults {
  remaining: number;
  status: number;
  retryAfterSeconds: number | null;
  /** Only requests whose Web API path (e.g. `/v1/me/player/recently-played`) starts with this. */
  path: string | null;
}

export const DEFAULT_FAULTS: RandomFaultConfig = { rate: 0.02, statuses: [500, 502, 503], retryAfterSeconds: 1, seed: 'pie-sandbox-faults' };

export interface Fault {
  status: number;
  retryAfterSeconds: number | null;
  forced: boolean;
}

/**
 * Decides which Web API requests fail. Forced faults (the next n requests) come first and apply
 * to every authenticated Web API request (or those under `path`); random faults apply to the
 * listening and catalogue endpoints only, never to `/v1/me` (sign-in depends on it).
 */
export class FaultInjector {
  random: RandomFaultConfig;
  forced: ForcedFaults | null = null;
  injected = 0;
  private rng: Random;

  constructor(config: Partial<RandomFaultConfig> = {}) {
    this.random = { ...DEFAULT_FAULTS, ...config };
    this.rng = mulberry32(hashString(this.random.seed));
  }

  configureRandom(config: Partial<RandomFaultConfig>): void {
    this.random = { ...this.random, ...config };
    // A (re)configured seed restarts the sequence, so a test can replay it.
    if (config.seed !== undefined) this.rng = mulberry32(hashString(this.random.seed));
  }

  force(forced: ForcedFaults | null): void {
    this.forced = forced && forced.remaining > 0 ? forced : null;
  }

  reset(config: Partial<RandomFaultConfig> = {}): void {
    this.random = { ...DEFAULT_FAULTS, ...config };
    this.rng = mulberry32(hashString(this.random.seed));
    this.forced = null;
    this.injected = 0;
  }

  decide(apiPath: string, randomEligible: boolean): Fault | null {
    const forced = this.forced;
    if (forced && (forced.path === null || apiPath.startsWith(forced.path))) {
      forced.remaining -= 1;
      if (forced.remaining <= 0) this.forced = null;
      this.injected += 1;
      const retryAfter = forced.retryAfterSeconds ?? (forced.status === 429 || forced.status === 503 ? 1 : null);
      return { status: forced.status, retryAfterSeconds: retryAfter, forced: true };
    }
    if (!randomEligible || this.random.rate <= 0 || this.random.statuses.length === 0) return null;
    if (this.rng() >= this.random.rate) return null;
    const status = this.random.statuses[Math.floor(this.rng() * this.random.statuses.length)];
    this.injected += 1;
    return { status, retryAfterSeconds: status === 429 || status === 503 ? this.random.retryAfterSeconds : null, forced: false };
  }
}

export interface StatsSnapshot {
  since: string;
  total: number;
  byStatus: Record<string, number>;
  byRoute: Record<string, { total: number; byStatus: Record<string, number> }>;
  byAccount: Record<string, number>;
  rateLimited: number;
  faultsInjected: number;
}

/** Request counts of the Web API, for assertions (`GET /spotify/__admin/stats`). */
export class RequestStats {
  private since: number;
  private total = 0;
  private rateLimited = 0;
  private faults = 0;
  private readonly byStatus = new Map<number, number>();
  private readonly byRoute = new Map<string, Map<number, number>>();
  private readonly byAccount = new Map<string, number>();

  constructor(private readonly clock: () => number) {
    this.since = clock();
  }

  /** `cause` says whether the sandbox's rate limit or fault injection produced the status. */
  record(route: string, status: number, accountId: string | undefined, cause?: 'rate-limited' | 'fault'): void {
    this.total += 1;
    if (cause === 'rate-limited') this.rateLimited += 1;
    if (cause === 'fault') this.faults += 1;
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    const route_ = this.byRoute.get(route) ?? new Map<number, number>();
    route_.set(status, (route_.get(status) ?? 0) + 1);
    this.byRoute.set(route, route_);
    if (accountId !== undefined && (this.byAccount.has(accountId) || this.byAccount.size < 10_000)) {
      this.byAccount.set(accountId, (this.byAccount.get(accountId) ?? 0) + 1);
    }
  }

  snapshot(): StatsSnapshot {
    const counts = (map: Map<number, number>) => Object.fromEntries([...map].map(([status, n]) => [String(status), n]));
    return {
      since: new Date(this.since).toISOString(),
      total: this.total,
      byStatus: counts(this.byStatus),
      byRoute: Object.fromEntries(
        [...this.byRoute].map(([route, statuses]) => [route, { total: [...statuses.values()].reduce((a, b) => a + b, 0), byStatus: counts(statuses) }]),
      ),
      byAccount: Object.fromEntries(this.byAccount),
      rateLimited: this.rateLimited,
      faultsInjected: this.faults,
    };
  }

  reset(): void {
    this.since = this.clock();
    this.total = 0;
    this.rateLimited = 0;
    this.faults = 0;
    this.byStatus.clear();
    this.byRoute.clear();
    this.byAccount.clear();
  }
}
