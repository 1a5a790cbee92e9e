import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Database } from '../database/database.js';
import type { OutboxEnvelope } from '../events/domain-event.js';
import { QueueRegistry } from '../queues/queue-registry.js';
import { withTimeout } from '../queues/queue-backend.js';
import { sql } from 'kysely';
import { platformDb } from '../database/platform-db.js';
import { textArray } from '../database/pg-arrays.js';
import type { QueueName } from '../queues/queue-names.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { QuietLog } from '../logging/quiet-log.js';

const BATCH_SIZE = 200;
const RETENTION_DAYS = 7;
const CLEANUP_EVERY_MS = 10 * 60_000;

/**
 * Moves committed outbox rows to their queues (DESIGN §4). Rows are locked with
 * SKIP LOCKED so many workers relay in parallel without sending a row twice, and the
 * job id is the message id, so a row re-sent after a crash is still one job.
 *
 * Adding the jobs is bounded (QUEUE_PRODUCER_TIMEOUT_MS): when the queue backend is down the batch
 * fails, its transaction rolls back (rows unpublished, locks released) and the next tick tries again.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  /** During an outage a tick fails four times a second: one line when it starts, a summary a minute, one when it ends. */
  private readonly quiet = new QuietLog(this.logger);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private lastCleanup = 0;

  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule(0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Publishes one batch; returns how many rows were published. */
  async relayBatch(): Promise<number> {
    return this.database.transaction(async (em) => {
      const rows = await platformDb(em)
        .selectFrom('platform.outbox')
        .select(['id', 'queue', 'job_name', 'payload', 'occurred_at'])
        .where('published_at', 'is', null)
        .orderBy('occurred_at')
        .orderBy('id')
        .limit(BATCH_SIZE)
        .forUpdate()
        .skipLocked()
        .execute();
      if (rows.length === 0) return 0;
      const byQueue = new Map<QueueName, typeof rows>();
      for (const row of rows) byQueue.set(row.queue as QueueName, [...(byQueue.get(row.queue as QueueName) ?? []), row]);
      for (const [queue, queueRows] of byQueue) {
        const adding = this.queues.get(queue).addBulk(
          queueRows.map((row) => ({
            name: row.job_name,
            data: {
              id: row.id,
              queue: row.queue as QueueName,
              name: row.job_name,
              payload: row.payload as Record<string, unknown>,
              occurredAt: new Date(row.occurred_at).toISOString(),
            } satisfies OutboxEnvelope,
            opts: { jobId: row.id },
          })),
        );
        // Should the jobs arrive after the timeout, the rows are simply sent again: same job ids.
        adding.catch(() => undefined);
        await withTimeout(adding, this.config.QUEUE_PRODUCER_TIMEOUT_MS, `Publishing ${queueRows.length} outbox row(s) to ${queue}`);
      }
      // One array parameter (not a `?` list): the statement stays the same whatever the batch size.
      await platformDb(em)
        .updateTable('platform.outbox')
        .set({ published_at: sql`now()` })
        .where(sql<boolean>`id = any(${textArray(rows.map((row) => row.id))}::uuid[])`)
        .execute();
      return rows.length;
    });
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => (this.running = undefined));
    }, delayMs);
  }

  private async tick(): Promise<void> {
    let published = 0;
    try {
      published = await this.relayBatch();
      await this.cleanupPublished();
      this.quiet.success('outbox relay');
    } catch (error) {
      this.quiet.failure('outbox relay', error);
    }
    // A full batch means more may be waiting: go again at once.
    this.schedule(published === BATCH_SIZE ? 0 : this.config.OUTBOX_POLL_INTERVAL_MS);
  }

  private async cleanupPublished(): Promise<void> {
    if (Date.now() - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = Date.now();
    await platformDb(this.database.em())
      .deleteFrom('platform.outbox')
      .where('published_at', '<', sql<string>`now() - make_interval(days => ${RETENTION_DAYS})`)
      .execute();
  }
}
