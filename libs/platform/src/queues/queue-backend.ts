import { Queue, Worker, createPostgresBackend, type Processor, type WorkerOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config/app-config.js';
import type { QueueName } from './queue-names.js';
import { backoffStrategyFor, jobOptionsFor, type RetryPolicy } from './retry-policy.js';

export type QueueBackendKind = 'redis' | 'postgres';

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

export const POSTGRES_QUEUE_SCHEMA = 'bullmq';

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
  private readonly redisConnections: Redis[] = [];

  constructor(private readonly options: QueueBackendOptions) {
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
    return new Queue(name, { ...base, connection: this.postgresConnection('producer') }, createPostgresBackend) as unknown as Queue;
  }

  createWorker(name: QueueName, processor: Processor, options: Omit<WorkerOptions, 'connection' | 'prefix' | 'settings'>): Worker {
    const base = { ...options, prefix: this.options.prefix, settings: { backoffStrategy: backoffStrategyFor(this.options.retry) } };
    if (this.kind === 'redis') {
      return new Worker(name, processor, { ...base, connection: this.redis('worker') });
    }
    return new Worker(name, processor, { ...base, connection: this.postgresConnection('worker') }, createPostgresBackend) as unknown as Worker;
  }

  /** Closes the connections this backend opened itself (queues and workers close their own). */
  async close(): Promise<void> {
    await Promise.all(this.redisConnections.splice(0).map((connection) => connection.quit().catch(() => connection.disconnect())));
  }

  private redis(role: 'producer' | 'worker'): Redis {
    const connection =
      role === 'worker'
        ? // BullMQ requires maxRetriesPerRequest: null for blocking worker connections.
          new Redis(this.options.redisUrl as string, { maxRetriesPerRequest: null, lazyConnect: false })
        : // A producer's command fails after one reconnect attempt instead of waiting out an outage.
          new Redis(this.options.redisUrl as string, { maxRetriesPerRequest: 1, connectTimeout: this.options.producerTimeoutMs, lazyConnect: false });
    // Connection errors surface through the commands that fail; an unhandled 'error' event would crash the process.
    connection.on('error', () => undefined);
    this.redisConnections.push(connection);
    return connection;
  }

  private postgresConnection(role: 'producer' | 'worker') {
    const bounded = role === 'producer' ? { connectionTimeoutMillis: this.options.producerTimeoutMs, query_timeout: this.options.producerTimeoutMs } : {};
    return { connectionString: this.options.databaseUrl, schema: POSTGRES_QUEUE_SCHEMA, migrate: true, max: 4, ...bounded };
  }
}

/** Rejects when `work` takes longer than `ms` (the work itself is not cancelled: callers must tolerate it finishing late). */
export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
