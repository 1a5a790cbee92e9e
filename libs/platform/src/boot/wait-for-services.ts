import { Redis } from 'ioredis';
import pg from 'pg';
import type { AppConfig } from '../config/app-config.js';
import { safeMessage } from '../logging/quiet-log.js';

export interface WaitOptions {
  /** Gives up (throws) after this long; by default waits as long as it takes. */
  timeoutMs?: number;
  /** First pause between attempts; doubles up to maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  log?: (line: string) => void;
}

/** `host:port` of a URL, never its credentials. */
function addressOf(url: string): string {
  const { hostname, port } = new URL(url);
  return `${hostname}:${port || (url.startsWith('redis') ? 6379 : 5432)}`;
}

async function postgresAnswers(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function redisAnswers(url: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 5_000 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } finally {
    redis.disconnect();
  }
}

/**
 * Waits for Postgres (and Redis, when the queues run there) to answer before a process builds on
 * them: at boot a process retries with a clear line per attempt instead of exiting on ECONNREFUSED
 * (containers start in any order; a database restarts under a running platform).
 */
export async function waitForBackingServices(config: Pick<AppConfig, 'DATABASE_URL' | 'REDIS_URL'>, process: string, options: WaitOptions = {}): Promise<void> {
  const log = options.log ?? ((line: string) => console.error(line));
  const started = Date.now();
  const services: [string, string, (url: string) => Promise<void>][] = [['Postgres', config.DATABASE_URL, postgresAnswers]];
  if (config.REDIS_URL) services.push(['Redis', config.REDIS_URL, redisAnswers]);
  for (const [name, url, answers] of services) {
    let delay = options.initialDelayMs ?? 1_000;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await answers(url);
        if (attempt > 1) log(`${process}: ${name} at ${addressOf(url)} answers after ${Math.round((Date.now() - started) / 1000)} s; starting`);
        break;
      } catch (error) {
        if (options.timeoutMs !== undefined && Date.now() - started + delay > options.timeoutMs) {
          throw new Error(`${name} at ${addressOf(url)} did not answer within ${options.timeoutMs / 1000} s: ${safeMessage(error)}`, { cause: error });
        }
        log(`${process}: waiting for ${name} at ${addressOf(url)} (attempt ${attempt}: ${safeMessage(error)}); retrying in ${(delay / 1000).toFixed(1)} s`);
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, options.maxDelayMs ?? 10_000);
      }
    }
  }
}
