import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { sql } from 'kysely';
import { Database } from '../database/database.js';
import { platformDb } from '../database/platform-db.js';
import { QuietLog } from '../logging/quiet-log.js';
import { QueueWorkers } from '../queues/queue-workers.js';

/** Rows of workers gone for this long are removed (a crashed worker never deletes its own). */
const FORGET_AFTER_HOURS = 24;

/**
 * The worker's heartbeat: every WORKER_HEARTBEAT_INTERVAL_MS, while its queue processors run, it
 * stamps its row in platform.worker_heartbeats. Readiness (api) fails when the freshest row is
 * older than WORKER_HEARTBEAT_STALE_MS; the worker's own /health fails when its last beat did not
 * get through. A graceful stop removes the row; a crashed worker's row simply goes stale.
 */
@Injectable()
export class WorkerHeartbeat implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly quiet = new QuietLog(new Logger(WorkerHeartbeat.name));
  private timer: NodeJS.Timeout | undefined;
  private lastBeatAt: number | undefined;
  private readonly startedAt = new Date();

  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(QueueWorkers) private readonly workers: QueueWorkers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    void this.beat();
    this.timer = setInterval(() => void this.beat(), this.config.WORKER_HEARTBEAT_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await platformDb(this.database.em())
      .deleteFrom('platform.worker_heartbeats')
      .where('worker_id', '=', this.workerId)
      .execute()
      .catch(() => undefined);
  }

  /** Healthy for a supervisor: the processors run and the last beat reached the database recently. */
  get healthy(): boolean {
    return this.workers.running && this.lastBeatAt !== undefined && Date.now() - this.lastBeatAt < this.config.WORKER_HEARTBEAT_STALE_MS;
  }

  /** Milliseconds since this worker's last beat got through (undefined before the first). */
  get msSinceLastBeat(): number | undefined {
    return this.lastBeatAt === undefined ? undefined : Date.now() - this.lastBeatAt;
  }

  async beat(): Promise<void> {
    // A worker whose processors stopped (closing, or their connections gave up) must not look alive.
    if (!this.workers.running) return;
    try {
      const em = this.database.em();
      await platformDb(em)
        .insertInto('platform.worker_heartbeats')
        .values({ worker_id: this.workerId, started_at: this.startedAt, beat_at: sql`now()` })
        .onConflict((oc) => oc.column('worker_id').doUpdateSet({ beat_at: sql`now()` }))
        .execute();
      // The beat reached the database: from here the api's readiness counts this worker, so its own
      // /health must too (set only after the clean-up below, it answered 503 for a moment after
      // readiness went green).
      this.lastBeatAt = Date.now();
      await platformDb(em)
        .deleteFrom('platform.worker_heartbeats')
        .where('beat_at', '<', sql<string>`now() - make_interval(hours => ${FORGET_AFTER_HOURS})`)
        .execute();
      this.quiet.success('worker heartbeat');
    } catch (error) {
      this.quiet.failure('worker heartbeat', error);
    }
  }
}
