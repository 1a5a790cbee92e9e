import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { sql } from 'kysely';
import { Database } from '../database/database.js';
import { platformDb } from '../database/platform-db.js';
import { QUEUE_NAMES, type QueueName } from './queue-names.js';
import { QueueRegistry } from './queue-registry.js';
import { withTimeout } from './queue-backend.js';

export interface DeadJob {
  id: string;
  queue: QueueName;
  jobId: string;
  jobName: string;
  data: Record<string, unknown>;
  error: string;
  attempts: number;
  diedAt: Date;
}

export interface RequeueResult {
  requeued: { queue: QueueName; jobId: string }[];
}

/** The one place a dead_jobs row becomes a `DeadJob`. */
function toDeadJob(row: { id: string; queue: string; job_id: string; job_name: string; data: unknown; error: string; attempts: number; died_at: string }): DeadJob {
  return {
    id: String(row.id),
    queue: row.queue as QueueName,
    jobId: row.job_id,
    jobName: row.job_name,
    data: row.data as Record<string, unknown>,
    error: row.error,
    attempts: row.attempts,
    diedAt: new Date(row.died_at),
  };
}

/**
 * Jobs that failed every retry (platform.dead_jobs): recorded by the workers, counted by
 * `GET /api/health`, listed and re-queued by `npm run jobs:retry` and the admin dashboard.
 * This service is the platform's facade for them.
 */
@Injectable()
export class DeadJobs {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
  ) {}

  /** Keeps a job that will not be retried again; recording it twice keeps one record. */
  async record(queue: QueueName, job: Pick<Job, 'id' | 'name' | 'data'>, error: unknown, attempts: number): Promise<void> {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    await platformDb(this.database.em())
      .insertInto('platform.dead_jobs')
      .values({ queue, job_id: String(job.id), job_name: job.name, data: JSON.stringify(job.data ?? {}), error: message.replaceAll('\u0000', '').slice(0, 8_000), attempts })
      .onConflict((oc) => oc.columns(['queue', 'job_id']).where('requeued_at', 'is', null).doNothing())
      .execute();
  }

  /** Dead jobs per queue (every queue listed, zero included). */
  async counts(): Promise<Record<QueueName, number>> {
    const rows = await platformDb(this.database.em())
      .selectFrom('platform.dead_jobs')
      .select(['queue', sql<number>`count(*)::int`.as('n')])
      .where('requeued_at', 'is', null)
      .groupBy('queue')
      .execute();
    const counts = Object.fromEntries(QUEUE_NAMES.map((name) => [name, 0])) as Record<QueueName, number>;
    for (const row of rows) counts[row.queue as QueueName] = Number(row.n);
    return counts;
  }

  async list(filter: { queue?: QueueName; limit?: number; offset?: number } = {}): Promise<DeadJob[]> {
    const rows = await platformDb(this.database.em())
      .selectFrom('platform.dead_jobs')
      .select(['id', 'queue', 'job_id', 'job_name', 'data', 'error', 'attempts', 'died_at'])
      .where('requeued_at', 'is', null)
      .$if(filter.queue !== undefined, (q) => q.where('queue', '=', filter.queue!))
      .orderBy('died_at')
      .orderBy('id')
      .limit(filter.limit ?? 100)
      .offset(filter.offset ?? 0)
      .execute();
    return rows.map(toDeadJob);
  }

  /**
   * Puts dead jobs back on their queues with a fresh set of retries: one job (`jobId`), or every
   * dead job of `queue` (or of all queues). The consumer's inbox keeps the effect once.
   */
  async requeue(filter: { queue?: QueueName; jobId?: string } = {}): Promise<RequeueResult> {
    return this.database.transaction(async (em) => {
      const rows = (
        await platformDb(em)
          .selectFrom('platform.dead_jobs')
          .select(['id', 'queue', 'job_id', 'job_name', 'data'])
          .where('requeued_at', 'is', null)
          .$if(filter.queue !== undefined, (q) => q.where('queue', '=', filter.queue!))
          .$if(filter.jobId !== undefined, (q) => q.where('job_id', '=', filter.jobId!))
          .orderBy('died_at')
          .orderBy('id')
          .forUpdate()
          .skipLocked()
          .execute()
      ).map((row) => ({ ...row, queue: row.queue as QueueName, data: row.data as Record<string, unknown> }));
      for (const row of rows) {
        const queue = this.queues.get(row.queue);
        // The failed copy still holds the job id in BullMQ; it goes, so the re-queued job can take the id again.
        await withTimeout(
          (async () => {
            await queue.remove(row.job_id).catch(() => 0);
            await queue.add(row.job_name, row.data, { jobId: row.job_id });
          })(),
          this.queues.backend.producerTimeoutMs,
          `Re-queueing ${row.queue}/${row.job_id}`,
        );
        await platformDb(em).updateTable('platform.dead_jobs').set({ requeued_at: sql`now()` }).where('id', '=', row.id).execute();
      }
      return { requeued: rows.map((row) => ({ queue: row.queue, jobId: row.job_id })) };
    });
  }
}
