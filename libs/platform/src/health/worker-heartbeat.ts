import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Database } from '../database/database.js';
import { QuietLog } from '../logging/quiet-log.js';
import { QueueWorkers } from '../queues/queue-workers.js';

/** Rows of workers gone for this long are removed (a crashed worker never deletes its own). */
const FORGET_AFTER = '1 day';

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
    await this.database
      .em()
      .execute(`delete from platform.worker_heartbeats where worker_id = ?`, [this.workerId])
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
      await em.execute(
        `insert into platform.worker_heartbeats (worker_id, started_at, beat_at) values (?, ?, now())
         on conflict (worker_id) do update set beat_at = now()`,
        [this.workerId, this.startedAt],
      );
      // The beat reached the database: from here the api's readiness counts this worker, so its own
      // /health must too (set only after the clean-up below, it answered 503 for a moment after
      // readiness went green).
      this.lastBeatAt = Date.now();
      await em.execute(`delete from platform.worker_heartbeats where beat_at < now() - interval '${FORGET_AFTER}'`);
      this.quiet.success('worker heartbeat');
    } catch (error) {
      this.quiet.failure('worker heartbeat', error);
    }
  }
}
