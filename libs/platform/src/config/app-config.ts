import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Every environment variable the api and worker read, in one place.
 * Defaults make `npm start` work on a fresh clone; production must set the secrets.
 */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me-0123456789';
const DEV_PROMOTION_HASH_SECRET = 'dev-only-promotion-hash-secret-change-me-0123456789';

/** One address or CIDR range (`10.0.0.0/8`, `::1`, `fd00::/8`). */
function isAddressOrRange(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies in front of the api may say who the client is (X-Forwarded-For): none by default,
 * a hop count, or a list of addresses and ranges. Anything else would let a client choose its IP.
 */
const trustProxyFromEnv = z
  .string()
  .trim()
  .transform((value, ctx): number | string[] | false => {
    if (value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
    const bad = entries.filter((entry) => !isAddressOrRange(entry));
    if (entries.length === 0 || bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `must be a hop count or a comma-separated list of addresses/CIDR ranges (not ${bad.join(', ') || 'empty'})` });
      return z.NEVER;
    }
    return entries;
  });

export const AppConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url({ error: 'must be a URL such as http://localhost:3000' }).default('http://localhost:3000'),
    DATABASE_URL: z
      .string({ error: 'is required (postgres://user:password@host:5432/database)' })
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// URL').default('smtp://127.0.0.1:1025'),
    MAIL_FROM: z.string().min(3).default('Pie <no-reply@pie.local>'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_SESSION_SECRET),
    /**
     * Keys the fingerprints that keep the free pie to one per person (HMAC-SHA256 of the normalised
     * address and of each linked provider account, kept after deletion). Its own secret: rotating
     * SESSION_SECRET must not forget who already had the free pie, and changing this one does.
     */
    PROMOTION_HASH_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_PROMOTION_HASH_SECRET),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_PRETTY: booleanFromEnv.optional(),
    WEB_DIST_DIR: z.string().optional(),
    /** The OpenAPI UI and JSON (/api/docs, /api/docs-json): on in development and tests, off in production unless true. */
    API_DOCS_PUBLIC: booleanFromEnv.optional(),
    /** Connections each process's ORM may hold (the queue backend on Postgres keeps its own few). */
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    OUTBOX_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(250),
    RATE_LIMIT_ENABLED: booleanFromEnv.default(true),
    /** reCAPTCHA v3: with a secret, tokens are checked with Google (or RECAPTCHA_VERIFY_URL). */
    RECAPTCHA_SECRET: z.string().optional().or(z.literal('').transform(() => undefined)),
    RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
    RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
    /**
     * Social sign-in. A provider is offered when its client id is set. With SOCIAL_PROVIDERS_BASE_URL
     * (the sandbox, e.g. http://localhost:4000) every provider endpoint is taken from there.
     */
    SOCIAL_PROVIDERS_BASE_URL: z.url().optional().or(z.literal('').transform(() => undefined)),
    /**
     * ListenBrainz's API (issue 33). Unset: `<SOCIAL_PROVIDERS_BASE_URL>/listenbrainz` (the sandbox)
     * when that is set, else https://api.listenbrainz.org.
     */
    LISTENBRAINZ_API_URL: z.url().optional().or(z.literal('').transform(() => undefined)),
    /**
     * MusicBrainz's web service (`…/ws/2`): the links it lists for an artist known only by their
     * MBID (scrobbles), read by the claim checks. Unset: `<SOCIAL_PROVIDERS_BASE_URL>/musicbrainz/ws/2`
     * (the sandbox) when that is set, else https://musicbrainz.org/ws/2.
     */
    MUSICBRAINZ_API_URL: z.url().optional().or(z.literal('').transform(() => undefined)),
    /**
     * Last.fm (issue 33): its API (unset: `<SOCIAL_PROVIDERS_BASE_URL>/lastfm/2.0/`, the sandbox, when
     * that is set, else https://ws.audioscrobbler.com/2.0/), its web auth page (LASTFM_AUTH_URL; unset:
     * the sandbox's `/lastfm/api/auth/`, else https://www.last.fm/api/auth/) and the API account's key
     * and shared secret. Last.fm is offered to fans only when the key and secret are set.
     */
    LASTFM_API_URL: z.url().optional().or(z.literal('').transform(() => undefined)),
    LASTFM_AUTH_URL: z.url().optional().or(z.literal('').transform(() => undefined)),
    LASTFM_API_KEY: z.string().optional().or(z.literal('').transform(() => undefined)),
    LASTFM_SHARED_SECRET: z.string().optional().or(z.literal('').transform(() => undefined)),
    /**
     * How long every fan's Last.fm sync waits after Last.fm's rate-limit error 29 (it sends no
     * Retry-After; its limit is averaged over minutes). 60 s in production; the e2e platform uses a
     * short one so that a test provoking the error does not stand still for a minute.
     */
    LASTFM_RATE_LIMIT_WAIT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    SPOTIFY_CLIENT_ID: z.string().optional(),
    SPOTIFY_CLIENT_SECRET: z.string().optional(),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    TWITTER_CLIENT_ID: z.string().optional(),
    TWITTER_CLIENT_SECRET: z.string().optional(),
    FACEBOOK_CLIENT_ID: z.string().optional(),
    FACEBOOK_CLIENT_SECRET: z.string().optional(),
    TRUST_PROXY: trustProxyFromEnv.default(false),
    /** Origins besides Google's allowed to serve the captcha script (the CSP): e.g. the sandbox in docker-compose. */
    CSP_SCRIPT_ORIGINS: z
      .string()
      .transform((value, ctx) => {
        const origins = value.split(',').map((entry) => entry.trim()).filter(Boolean);
        for (const origin of origins) {
          if (!URL.canParse(origin) || new URL(origin).origin !== origin) {
            ctx.addIssue({ code: 'custom', message: `must be a comma-separated list of origins such as https://captcha.example (not ${origin})` });
            return z.NEVER;
          }
        }
        return origins;
      })
      .default([]),
    /** Key for provider tokens at rest (32 bytes, base64); required in production, derived from SESSION_SECRET elsewhere. */
    TOKEN_ENCRYPTION_KEY: z
      .string()
      .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes, base64-encoded')
      .optional(),
    /**
     * Stripe (libs/billing). STRIPE_API_URL unset means the real Stripe; set (the sandbox), the SDK
     * talks to that host, port and protocol instead.
     */
    STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_test_… or sk_live_…)').optional().or(z.literal('').transform(() => undefined)),
    STRIPE_API_URL: z.url({ error: 'must be a URL such as http://127.0.0.1:4010' }).optional().or(z.literal('').transform(() => undefined)),
    STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, 'must be a webhook signing secret (whsec_…)').optional().or(z.literal('').transform(() => undefined)),
    /** Pie's fee on each payment in basis points (1000 = 10%). */
    PLATFORM_FEE_BPS: z.coerce.number().int().min(0).max(5000).default(1000),
    /** An office's earnings are transferred to its Stripe account once they reach this (cents), or at month end. */
    TRANSFER_THRESHOLD_CENTS: z.coerce.number().int().min(1).max(100_000_000).default(1000),
    /** Escrow of an artist nobody has claimed goes back to the fans who gave it after this many days. */
    ESCROW_EXPIRY_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    QUEUE_PREFIX: z.string().regex(/^[a-z0-9_-]+$/i, 'letters, digits, - and _ only').default('pie'),
    /** How long a worker's lock on a running job lasts (renewed at half-time); a dead worker's job is retried after it. */
    QUEUE_LOCK_DURATION_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
    /** How often workers look for jobs whose lock expired (their worker died) and queue them again. */
    QUEUE_STALLED_INTERVAL_MS: z.coerce.number().int().min(500).max(600_000).default(15_000),
    /**
     * Retries: a failing job runs again after 1 s, 2 s, 4 s… doubling up to QUEUE_BACKOFF_MAX_MS, for
     * QUEUE_RETRY_ATTEMPTS runs in all (defaults: about 29 hours, past a real outage); then it is kept as dead.
     */
    QUEUE_RETRY_ATTEMPTS: z.coerce.number().int().min(1).max(1_000).default(40),
    QUEUE_BACKOFF_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(1_000),
    QUEUE_BACKOFF_MAX_MS: z.coerce.number().int().min(1).max(86_400_000).default(3_600_000),
    /** How long adding jobs may take before the producer gives up (a Redis outage fails a relay batch, never hangs it). */
    QUEUE_PRODUCER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
    /** How long taking a database connection may take before the request fails (503) instead of waiting out an outage. */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
    /** Each worker writes a heartbeat this often (platform.worker_heartbeats). */
    WORKER_HEARTBEAT_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    /** Readiness fails when no worker has beaten for this long. */
    WORKER_HEARTBEAT_STALE_MS: z.coerce.number().int().min(500).max(3_600_000).default(60_000),
    /** Readiness fails when the oldest unpublished outbox row is older than this. */
    OUTBOX_LAG_MAX_MS: z.coerce.number().int().min(500).max(3_600_000).default(60_000),
    /** The worker's own HTTP endpoint (GET /health for a supervisor, GET /metrics): off unless set. */
    WORKER_HTTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** Bearer token of the Prometheus scrape (GET /api/metrics, the worker's /metrics): no token, no metrics endpoint. */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional().or(z.literal('').transform(() => undefined)),
    /** A request (headers and body) must arrive within this; slow senders get a 408 and lose the connection. */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
    /** An idle connection (no byte either way) is closed after this. */
    CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(60_000),
    /** Answers while the database or queue backend is down are 503 with this Retry-After (seconds). */
    OUTAGE_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3_600).default(5),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && config.SESSION_SECRET === DEV_SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'must be set in production' });
    }
    if (config.NODE_ENV === 'production' && config.PROMOTION_HASH_SECRET === DEV_PROMOTION_HASH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['PROMOTION_HASH_SECRET'], message: 'must be set in production (keep it: changing it forgets who already had the free pie)' });
    }
    if (config.NODE_ENV === 'production' && !config.TOKEN_ENCRYPTION_KEY) {
      ctx.addIssue({ code: 'custom', path: ['TOKEN_ENCRYPTION_KEY'], message: 'must be set in production (32 random bytes, base64: openssl rand -base64 32)' });
    }
    if (config.NODE_ENV === 'production' && !config.RECAPTCHA_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['RECAPTCHA_SECRET'], message: 'must be set in production (bots would sign up freely)' });
    }
  });

export type AppConfig = z.infer<typeof AppConfigSchema> & { LOG_PRETTY: boolean };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws a ConfigError naming each bad or missing variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable (`PORT=`) means "not set": the default applies, never a surprising zero.
  const setVariables = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = AppConfigSchema.safeParse(setVariables);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new ConfigError(problems);
  }
  const config = result.data;
  return { ...config, LOG_PRETTY: config.LOG_PRETTY ?? config.NODE_ENV === 'development' };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
