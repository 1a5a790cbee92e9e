import { z } from 'zod';

/**
 * Every environment variable the api and worker read, in one place.
 * Defaults make `npm start` work on a fresh clone; production must set the secrets.
 */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me-0123456789';

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
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_PRETTY: booleanFromEnv.optional(),
    WEB_DIST_DIR: z.string().optional(),
    /** The OpenAPI UI and JSON (/api/docs, /api/docs-json): on in development and tests, off in production unless true. */
    API_DOCS_PUBLIC: booleanFromEnv.optional(),
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
    SPOTIFY_CLIENT_ID: z.string().optional(),
    SPOTIFY_CLIENT_SECRET: z.string().optional(),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    TWITTER_CLIENT_ID: z.string().optional(),
    TWITTER_CLIENT_SECRET: z.string().optional(),
    FACEBOOK_CLIENT_ID: z.string().optional(),
    FACEBOOK_CLIENT_SECRET: z.string().optional(),
    /** Key for provider tokens at rest (32 bytes, base64); derived from SESSION_SECRET when unset. */
    TOKEN_ENCRYPTION_KEY: z
      .string()
      .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes, base64-encoded')
      .optional(),
    QUEUE_PREFIX: z.string().regex(/^[a-z0-9_-]+$/i, 'letters, digits, - and _ only').default('pie'),
    /** How long a worker's lock on a running job lasts (renewed at half-time); a dead worker's job is retried after it. */
    QUEUE_LOCK_DURATION_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
    /** How often workers look for jobs whose lock expired (their worker died) and queue them again. */
    QUEUE_STALLED_INTERVAL_MS: z.coerce.number().int().min(500).max(600_000).default(15_000),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && config.SESSION_SECRET === DEV_SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'must be set in production' });
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
