import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { Database } from '../database/database.js';
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
    await this.database.em().execute(
      `insert into platform.dead_jobs (queue, job_id, job_name, data, error, attempts) values (?, ?, ?, ?::jsonb, ?, ?)
       on conflict (queue, job_id) where requeued_at is null do nothing`,
      [queue, String(job.id), job.name, JSON.stringify(job.data ?? {}), message.replaceAll('\u0000', '').slice(0, 8_000), attempts],
    );
  }

  /** Dead jobs per queue (every queue listed, zero included). */
  async counts(): Promise<Record<QueueName, number>> {
    const rows = await this.database
      .em()
      .execute<{ queue: QueueName; n: string }[]>(`select queue, count(*) as n from platform.dead_jobs where requeued_at is null group by queue`);
    const counts = Object.fromEntries(QUEUE_NAMES.map((name) => [name, 0])) as Record<QueueName, number>;
    for (const row of rows) counts[row.queue] = Number(row.n);
    return counts;
  }

  async list(filter: { queue?: QueueName; limit?: number; offset?: number } = {}): Promise<DeadJob[]> {
    const rows = await this.database.em().execute<
      { id: string; queue: QueueName; job_id: string; job_name: string; data: Record<string, unknown>; error: string; attempts: number; died_at: Date }[]
    >(
      `select id, queue, job_id, job_name, data, error, attempts, died_at from platform.dead_jobs
        where requeued_at is null and (?::text is null or queue = ?) order by died_at, id limit ? offset ?`,
      [filter.queue ?? null, filter.queue ?? null, filter.limit ?? 100, filter.offset ?? 0],
    );
    return rows.map((row) => ({
      id: String(row.id),
      queue: row.queue,
      jobId: row.job_id,
      jobName: row.job_name,
      data: row.data,
      error: row.error,
      attempts: row.attempts,
      diedAt: new Date(row.died_at),
    }));
  }

  /**
   * Puts dead jobs back on their queues with a fresh set of retries: one job (`jobId`), or every
   * dead job of `queue` (or of all queues). The consumer's inbox keeps the effect once.
   */
  async requeue(filter: { queue?: QueueName; jobId?: string } = {}): Promise<RequeueResult> {
    return this.database.transaction(async (em) => {
      const rows = await em.execute<{ id: string; queue: QueueName; job_id: string; job_name: string; data: Record<string, unknown> }[]>(
        `select id, queue, job_id, job_name, data from platform.dead_jobs
          where requeued_at is null and (?::text is null or queue = ?) and (?::text is null or job_id = ?)
          order by died_at, id for update skip locked`,
        [filter.queue ?? null, filter.queue ?? null, filter.jobId ?? null, filter.jobId ?? null],
      );
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
        await em.execute(`update platform.dead_jobs set requeued_at = now() where id = ?`, [row.id]);
      }
      return { requeued: rows.map((row) => ({ queue: row.queue, jobId: row.job_id })) };
    });
  }
}
