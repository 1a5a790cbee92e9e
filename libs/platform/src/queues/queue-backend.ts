import { Queue, Worker, createPostgresBackend, type Processor, type WorkerOptions, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { QueueName } from './queue-names.js';

export type QueueBackendKind = 'redis' | 'postgres';

export interface QueueBackendOptions {
  /** Redis when set (production, CI, docker-compose)… */
  redisUrl?: string;
  /** …otherwise BullMQ's Postgres backend on the application database. */
  databaseUrl: string;
  prefix: string;
}

/** Retries with backoff, and bounded retention so Redis/Postgres never fill up with old jobs. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: { age: 24 * 3600, count: 1_000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 5_000 },
};

export const POSTGRES_QUEUE_SCHEMA = 'bullmq';

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

  createQueue(name: QueueName): Queue {
    const base = { prefix: this.options.prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS };
    if (this.kind === 'redis') {
      return new Queue(name, { ...base, connection: this.redis() });
    }
    return new Queue(name, { ...base, connection: this.postgresConnection() }, createPostgresBackend) as unknown as Queue;
  }

  createWorker(name: QueueName, processor: Processor, options: Omit<WorkerOptions, 'connection' | 'prefix'>): Worker {
    const base = { ...options, prefix: this.options.prefix };
    if (this.kind === 'redis') {
      return new Worker(name, processor, { ...base, connection: this.redis() });
    }
    return new Worker(name, processor, { ...base, connection: this.postgresConnection() }, createPostgresBackend) as unknown as Worker;
  }

  /** Closes the connections this backend opened itself (queues and workers close their own). */
  async close(): Promise<void> {
    await Promise.all(this.redisConnections.splice(0).map((connection) => connection.quit().catch(() => connection.disconnect())));
  }

  private redis(): Redis {
    // BullMQ requires maxRetriesPerRequest: null for blocking worker connections.
    const connection = new Redis(this.options.redisUrl as string, { maxRetriesPerRequest: null, lazyConnect: false });
    this.redisConnections.push(connection);
    return connection;
  }

  private postgresConnection() {
    return { connectionString: this.options.databaseUrl, schema: POSTGRES_QUEUE_SCHEMA, migrate: true, max: 4 };
  }
}
