import { DEFAULT_SCHEMA, Queue, Worker, createPostgresBackend, quoteSchemaName, runMigrations, type Processor, type WorkerOptions } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { AppConfig } from '../config/app-config.js';
import { QUEUE_NAMES, type QueueName } from './queue-names.js';
import { backoffStrategyFor, jobOptionsFor, type RetryPolicy } from './retry-policy.js';
import { QueueBackendTimeoutError } from '../errors/outage.js';

export type QueueBackendKind = 'redis' | 'postgres';
type Role = 'producer' | 'worker';

export interface QueueBackendOptions {
  /** Redis when set (production, CI, docker-compose)… */
  redisUrl?: string;
  /** …otherwise BullMQ's Postgres backend on the application database. */
  databaseUrl: string;
  prefix: string;
  retry: RetryPolicy;
  /** Bound on a producer's connection attempts and commands: an outage fails fast instead of queueing calls. */
  producerTimeoutMs: number;
}

/** BullMQ's default schema ('bullmq'): the one it assumes for pools it does not own, as ours are. */
export const POSTGRES_QUEUE_SCHEMA = DEFAULT_SCHEMA;

/** The backend a process's configuration asks for. */
export function queueBackendOptions(config: AppConfig): QueueBackendOptions {
  return {
    redisUrl: config.REDIS_URL,
    databaseUrl: config.DATABASE_URL,
    prefix: config.QUEUE_PREFIX,
    retry: { attempts: config.QUEUE_RETRY_ATTEMPTS, baseDelayMs: config.QUEUE_BACKOFF_BASE_MS, maxDelayMs: config.QUEUE_BACKOFF_MAX_MS },
    producerTimeoutMs: config.QUEUE_PRODUCER_TIMEOUT_MS,
  };
}

/**
 * Builds queues and workers on the configured backend. The rest of the code never
 * knows which one is in use: both run the same BullMQ API.
 */
export class QueueBackend {
  readonly kind: QueueBackendKind;
  private readonly redisConnections: Record<Role, Redis[]> = { producer: [], worker: [] };
  private readonly postgresPools: Partial<Record<Role, pg.Pool>> = {};

  /**
   * A backend ready for its first queue. On Postgres it first brings BullMQ's schema up to date:
   * queues and workers share pools they do not own, and BullMQ migrates only pools it builds itself.
   */
  static async open(options: QueueBackendOptions): Promise<QueueBackend> {
    const backend = new QueueBackend(options);
    if (backend.kind === 'postgres') {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      await client.connect();
      try {
        await runMigrations(client, POSTGRES_QUEUE_SCHEMA);
      } finally {
        await client.end();
      }
    }
    return backend;
  }

  private constructor(private readonly options: QueueBackendOptions) {
    this.kind = options.redisUrl ? 'redis' : 'postgres';
  }

  get retry(): RetryPolicy {
    return this.options.retry;
  }

  get producerTimeoutMs(): number {
    return this.options.producerTimeoutMs;
  }

  createQueue(name: QueueName): Queue {
    const base = { prefix: this.options.prefix, defaultJobOptions: jobOptionsFor(this.options.retry) };
    if (this.kind === 'redis') {
      return new Queue(name, { ...base, connection: this.redis('producer') });
    }
    return new Queue(name, { ...base, connection: this.postgresPool('producer') }, createPostgresBackend) as unknown as Queue;
  }

  createWorker(name: QueueName, processor: Processor, options: Omit<WorkerOptions, 'connection' | 'prefix' | 'settings'>): Worker {
    const base = { ...options, prefix: this.options.prefix, settings: { backoffStrategy: backoffStrategyFor(this.options.retry) } };
    if (this.kind === 'redis') {
      return new Worker(name, processor, { ...base, connection: this.redis('worker') });
    }
    return new Worker(name, processor, { ...base, connection: this.postgresPool('worker') }, createPostgresBackend) as unknown as Worker;
  }

  /**
   * Closes the connections this backend opened for one side, after that side's queues or workers
   * closed their own: the producers stay open while the workers finish their jobs.
   */
  async close(role: Role): Promise<void> {
    const pool = this.postgresPools[role];
    delete this.postgresPools[role];
    await Promise.all([
      ...this.redisConnections[role].splice(0).map((connection) => connection.quit().catch(() => connection.disconnect())),
      pool?.end().catch(() => undefined),
    ]);
  }

  private redis(role: Role): Redis {
    const connection =
      role === 'worker'
        ? // BullMQ requires maxRetriesPerRequest: null for blocking worker connections.
          new Redis(this.options.redisUrl as string, { maxRetriesPerRequest: null, lazyConnect: false })
        : // A producer's command fails after one reconnect attempt instead of waiting out an outage.
          new Redis(this.options.redisUrl as string, { maxRetriesPerRequest: 1, connectTimeout: this.options.producerTimeoutMs, lazyConnect: false });
    // Connection errors surface through the commands that fail; an unhandled 'error' event would crash the process.
    connection.on('error', () => undefined);
    this.redisConnections[role].push(connection);
    return connection;
  }

  /**
   * One pool per side for all seven queues. Left to itself BullMQ builds a pool for every queue
   * and every worker, plus a LISTEN connection per worker: 63 connections in a worker process,
   * enough for an api and a worker to exhaust a default Postgres (100). Shared, a worker process
   * holds at most 11 (a LISTEN connection per queue it works, checked out of this pool, and four
   * for queries) and the api at most 4.
   */
  private postgresPool(role: Role): pg.Pool {
    let pool = this.postgresPools[role];
    if (!pool) {
      const bounded = role === 'producer' ? { connectionTimeoutMillis: this.options.producerTimeoutMs, query_timeout: this.options.producerTimeoutMs } : {};
      pool = new pg.Pool({
        connectionString: this.options.databaseUrl,
        // A pool BullMQ does not own keeps its default schema only through search_path.
        options: `-c search_path=${quoteSchemaName(POSTGRES_QUEUE_SCHEMA)}`,
        // Lets a worker notice a silently dropped LISTEN connection.
        keepAlive: true,
        max: role === 'producer' ? 4 : QUEUE_NAMES.length + 4,
        ...bounded,
      });
      // An idle client's error surfaces through the next query; unhandled it would crash the process.
      pool.on('error', () => undefined);
      this.postgresPools[role] = pool;
    }
    return pool;
  }
}

/** Rejects when `work` takes longer than `ms` (the work itself is not cancelled: callers must tolerate it finishing late). */
export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new QueueBackendTimeoutError(`${what} did not finish within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
