import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { sql } from 'kysely';
import { Database } from '../database/database.js';
import { platformDb } from '../database/platform-db.js';
import { QueueRegistry } from '../queues/queue-registry.js';

export interface ReadinessReport {
  ready: boolean;
  checkedAt: string;
  database: { ok: boolean };
  queues: { ok: boolean; backend: string };
  /** The freshest worker heartbeat: its age, and how many workers beat within the threshold. */
  worker: { ok: boolean; secondsSinceHeartbeat: number | null; alive: number; staleAfterSeconds: number };
  /** Rows not yet published to the queues and the age of the oldest. */
  outbox: { ok: boolean; unpublished: number | null; lagSeconds: number | null; maxLagSeconds: number };
}

/** Answers given within this reuse the last check: a burst of probes costs the database one round. */
const CACHE_MS = 1_000;
const CHECK_TIMEOUT_MS = 2_000;

/**
 * Readiness (DESIGN §12): the database and the queue backend answer, some worker has beaten within
 * WORKER_HEARTBEAT_STALE_MS, and the outbox's oldest unpublished row is younger than
 * OUTBOX_LAG_MAX_MS. Public callers see only up/down; the report's details go to admins and metrics.
 */
@Injectable()
export class Readiness {
  private last: { at: number; report: Promise<ReadinessReport> } | undefined;

  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  check(): Promise<ReadinessReport> {
    if (this.last && Date.now() - this.last.at < CACHE_MS) return this.last.report;
    const report = this.run();
    this.last = { at: Date.now(), report };
    return report;
  }

  private async run(): Promise<ReadinessReport> {
    const staleAfterSeconds = this.config.WORKER_HEARTBEAT_STALE_MS / 1000;
    const maxLagSeconds = this.config.OUTBOX_LAG_MAX_MS / 1000;
    const [databaseRow, queuesUp] = await Promise.all([this.databaseFacts(), this.queues.ping(CHECK_TIMEOUT_MS)]);
    const worker = databaseRow
      ? { secondsSinceHeartbeat: databaseRow.heartbeat_age === null ? null : Number(databaseRow.heartbeat_age), alive: Number(databaseRow.alive) }
      : { secondsSinceHeartbeat: null, alive: 0 };
    const lagSeconds = databaseRow ? Number(databaseRow.outbox_lag ?? 0) : null;
    const report = {
      checkedAt: new Date().toISOString(),
      database: { ok: databaseRow !== undefined },
      queues: { ok: queuesUp, backend: this.queues.backend.kind },
      worker: { ok: worker.alive > 0, ...worker, staleAfterSeconds },
      outbox: { ok: lagSeconds !== null && lagSeconds <= maxLagSeconds, unpublished: databaseRow ? Number(databaseRow.unpublished) : null, lagSeconds, maxLagSeconds },
    };
    return { ready: report.database.ok && report.queues.ok && report.worker.ok && report.outbox.ok, ...report };
  }

  /** One round trip: heartbeat age, live workers, outbox backlog (undefined when the database does not answer in time). */
  private async databaseFacts() {
    const staleSeconds = this.config.WORKER_HEARTBEAT_STALE_MS / 1000;
    const query = platformDb(this.database.em())
      .selectNoFrom((eb) => [
        sql<string | null>`extract(epoch from now() - ${eb.selectFrom('platform.worker_heartbeats').select((b) => b.fn.max('beat_at').as('m'))})`.as('heartbeat_age'),
        eb
          .selectFrom('platform.worker_heartbeats')
          .select((b) => b.fn.countAll<string>().as('n'))
          .where('beat_at', '>', sql<string>`now() - make_interval(secs => ${staleSeconds})`)
          .as('alive'),
        eb
          .selectFrom('platform.outbox')
          .select((b) => b.fn.countAll<string>().as('n'))
          .where('published_at', 'is', null)
          .as('unpublished'),
        sql<string | null>`extract(epoch from now() - ${eb.selectFrom('platform.outbox').select((b) => b.fn.min('occurred_at').as('m')).where('published_at', 'is', null)})`.as('outbox_lag'),
      ])
      .executeTakeFirst();
    const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), CHECK_TIMEOUT_MS).unref());
    return Promise.race([query.catch(() => undefined), timeout]);
  }
}
