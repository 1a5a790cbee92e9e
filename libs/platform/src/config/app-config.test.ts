import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './app-config.js';

// Start-up fails with a message naming each bad or missing variable (issue 2), and a fresh
// clone starts with nothing set but the database.

const DATABASE_URL = 'postgres://pie@127.0.0.1:5432/pie';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const configError = error as ConfigError;
    // The message a person sees on start-up lists every problem.
    for (const problem of configError.problems) expect(configError.message).toContain(problem);
    expect(configError.message).toMatch(/^Invalid configuration:\n/);
    return configError.problems;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

const KEY = Buffer.alloc(32, 7).toString('base64');

describe('loadConfig', () => {
  it('applies the defaults when only DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL });
    // (Other variables have defaults too; these are the platform's own.)
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: 3000,
      PUBLIC_URL: 'http://localhost:3000',
      DATABASE_URL,
      SMTP_URL: 'smtp://127.0.0.1:1025',
      MAIL_FROM: 'Pie <no-reply@pie.local>',
      LOG_LEVEL: 'info',
      LOG_PRETTY: true,
      OUTBOX_POLL_INTERVAL_MS: 250,
      DATABASE_POOL_MAX: 10,
      QUEUE_PREFIX: 'pie',
      QUEUE_LOCK_DURATION_MS: 30_000,
      QUEUE_STALLED_INTERVAL_MS: 15_000,
    });
    expect(config.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    // No Redis configured: the queues run on Postgres.
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('reads and converts what is set', () => {
    const config = loadConfig({
      DATABASE_URL,
      NODE_ENV: 'production',
      PORT: '8080',
      REDIS_URL: 'rediss://cache.internal:6380',
      SESSION_SECRET: 's'.repeat(40),
      PROMOTION_HASH_SECRET: 'h'.repeat(40),
      RECAPTCHA_SECRET: 'recaptcha-secret',
      TOKEN_ENCRYPTION_KEY: KEY,
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1',
      LOG_PRETTY: '1',
      OUTBOX_POLL_INTERVAL_MS: '50',
      QUEUE_LOCK_DURATION_MS: '2000',
      QUEUE_STALLED_INTERVAL_MS: '1000',
    });
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      PORT: 8080,
      REDIS_URL: 'rediss://cache.internal:6380',
      LOG_PRETTY: true,
      OUTBOX_POLL_INTERVAL_MS: 50,
      QUEUE_LOCK_DURATION_MS: 2000,
      QUEUE_STALLED_INTERVAL_MS: 1000,
      TRUST_PROXY: ['10.0.0.0/8', '192.168.1.7', '::1'],
    });
  });

  it('trusts no proxy by default, or a hop count, never a bare "true"', () => {
    expect(loadConfig({ DATABASE_URL }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ DATABASE_URL, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ DATABASE_URL, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(problemsOf({ DATABASE_URL, TRUST_PROXY: 'true' })[0]).toMatch(/^TRUST_PROXY: must be a hop count or a comma-separated list/);
    expect(problemsOf({ DATABASE_URL, TRUST_PROXY: '10.0.0.0/33' })[0]).toMatch(/not 10\.0\.0\.0\/33/);
  });

  it('logs JSON outside development unless LOG_PRETTY says otherwise', () => {
    expect(loadConfig({ DATABASE_URL, NODE_ENV: 'test' }).LOG_PRETTY).toBe(false);
    expect(loadConfig({ DATABASE_URL, NODE_ENV: 'development', LOG_PRETTY: 'false' }).LOG_PRETTY).toBe(false);
  });

  it('treats an empty REDIS_URL as unset (queues on Postgres)', () => {
    expect(loadConfig({ DATABASE_URL, REDIS_URL: '' }).REDIS_URL).toBeUndefined();
  });

  it('names a missing DATABASE_URL', () => {
    expect(problemsOf({})).toEqual(['DATABASE_URL: is required (postgres://user:password@host:5432/database)']);
  });

  it.each([
    ['DATABASE_URL', { DATABASE_URL: 'mysql://pie@localhost/pie' }, 'DATABASE_URL: must be a postgres:// URL'],
    ['PORT', { PORT: 'eighty' }, /^PORT: /],
    ['PORT', { PORT: '70000' }, /^PORT: /],
    ['PORT', { PORT: '80.5' }, /^PORT: /],
    ['REDIS_URL', { REDIS_URL: 'localhost:6379' }, 'REDIS_URL: must be a redis:// URL'],
    ['REDIS_URL', { REDIS_URL: 'http://localhost:6379' }, 'REDIS_URL: must be a redis:// URL'],
    ['SMTP_URL', { SMTP_URL: 'mail.example.com' }, 'SMTP_URL: must be an smtp:// URL'],
    ['PUBLIC_URL', { PUBLIC_URL: 'not a url' }, 'PUBLIC_URL: must be a URL such as http://localhost:3000'],
    ['NODE_ENV', { NODE_ENV: 'staging' }, /^NODE_ENV: /],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }, /^LOG_LEVEL: /],
    ['LOG_PRETTY', { LOG_PRETTY: 'yes' }, 'LOG_PRETTY: must be true or false'],
    ['SESSION_SECRET', { SESSION_SECRET: 'short' }, 'SESSION_SECRET: must be at least 32 characters'],
    ['QUEUE_PREFIX', { QUEUE_PREFIX: 'pie:prod' }, 'QUEUE_PREFIX: letters, digits, - and _ only'],
    ['OUTBOX_POLL_INTERVAL_MS', { OUTBOX_POLL_INTERVAL_MS: 'often' }, /^OUTBOX_POLL_INTERVAL_MS: /],
    ['QUEUE_LOCK_DURATION_MS', { QUEUE_LOCK_DURATION_MS: '10' }, /^QUEUE_LOCK_DURATION_MS: /],
    ['QUEUE_STALLED_INTERVAL_MS', { QUEUE_STALLED_INTERVAL_MS: 'soon' }, /^QUEUE_STALLED_INTERVAL_MS: /],
  ])('names a bad %s (case %#)', (_variable, env, expected) => {
    const problems = problemsOf({ DATABASE_URL, ...env });
    expect(problems).toHaveLength(1);
    if (typeof expected === 'string') expect(problems[0]).toBe(expected);
    else expect(problems[0]).toMatch(expected);
  });

  const PROMO = 'h'.repeat(40);

  it('refuses the development session secret in production', () => {
    expect(problemsOf({ DATABASE_URL, NODE_ENV: 'production', RECAPTCHA_SECRET: 'recaptcha-secret', TOKEN_ENCRYPTION_KEY: KEY, PROMOTION_HASH_SECRET: PROMO })).toEqual(['SESSION_SECRET: must be set in production']);
    expect(problemsOf({ DATABASE_URL, NODE_ENV: 'production' })).toContain('SESSION_SECRET: must be set in production');
    expect(() => loadConfig({ DATABASE_URL, NODE_ENV: 'production', RECAPTCHA_SECRET: 'recaptcha-secret', SESSION_SECRET: 'p'.repeat(32), TOKEN_ENCRYPTION_KEY: KEY, PROMOTION_HASH_SECRET: PROMO })).not.toThrow();
  });

  it('refuses the development promotion fingerprint secret in production, and a short one anywhere', () => {
    expect(problemsOf({ DATABASE_URL, NODE_ENV: 'production', RECAPTCHA_SECRET: 'recaptcha-secret', SESSION_SECRET: 'p'.repeat(32), TOKEN_ENCRYPTION_KEY: KEY })).toEqual([
      'PROMOTION_HASH_SECRET: must be set in production (keep it: changing it forgets who already had the free pie)',
    ]);
    expect(problemsOf({ DATABASE_URL, PROMOTION_HASH_SECRET: 'short' })).toEqual(['PROMOTION_HASH_SECRET: must be at least 32 characters']);
    expect(loadConfig({ DATABASE_URL }).PROMOTION_HASH_SECRET).not.toBe(loadConfig({ DATABASE_URL }).SESSION_SECRET);
  });

  it('requires its own token encryption key in production, never one derived from the session secret', () => {
    expect(problemsOf({ DATABASE_URL, NODE_ENV: 'production', RECAPTCHA_SECRET: 'recaptcha-secret', SESSION_SECRET: 'p'.repeat(32), PROMOTION_HASH_SECRET: PROMO })).toEqual([
      'TOKEN_ENCRYPTION_KEY: must be set in production (32 random bytes, base64: openssl rand -base64 32)',
    ]);
    expect(loadConfig({ DATABASE_URL, NODE_ENV: 'development' }).TOKEN_ENCRYPTION_KEY).toBeUndefined();
  });

  it('names every bad variable at once, not only the first', () => {
    const problems = problemsOf({ PORT: 'x', REDIS_URL: 'localhost', SMTP_URL: 'nope', LOG_LEVEL: 'loud' });
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT', 'REDIS_URL', 'SMTP_URL']);
  });
});
