import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { sql } from 'kysely';
import { Database } from '../database/database.js';
import { platformDb } from '../database/platform-db.js';
import { defineJob } from '../events/domain-event.js';
import { HandlesJob, type JobHandler } from '../queues/handlers.js';
import { QueueRegistry } from '../queues/queue-registry.js';

/**
 * Rows that only matter for a while: used or expired one-time states, old rate-limit windows,
 * consumers' inbox rows long past any redelivery. Each module declares its own (it knows its
 * tables); one scheduled job deletes them in small batches, so no table grows without end.
 */
export interface PrunableRows {
  /** `schema.table`. */
  table: string;
  /** Which rows may go: a SQL condition on the table's columns. */
  where: string;
}

const prunable = new Map<string, PrunableRows>();

/** Declares rows the prune job may delete (called at module load, like `defineJob`). */
export function declarePrunable(...rules: PrunableRows[]): void {
  for (const rule of rules) prunable.set(`${rule.table} where ${rule.where}`, rule);
}

export function prunableRows(): PrunableRows[] {
  return [...prunable.values()];
}

declarePrunable(
  // The longest rate-limit window is an hour: a day-old window counts nothing.
  { table: 'platform.rate_limits', where: `window_started_at < now() - interval '1 day'` },
  // Retries end within days (DESIGN §4: capped backoff over at least 24 h): a month covers any redelivery.
  { table: 'platform.inbox', where: `processed_at < now() - interval '30 days'` },
  { table: 'platform.outbox', where: `published_at < now() - interval '7 days'` },
);

/** Hourly on the `admin` queue (back-office upkeep); a no-op when there is nothing to delete. */
export const PruneGrowingTables = defineJob<Record<string, never>>('admin', 'platform.prune-growing-tables');

const BATCH = 5_000;

@Injectable()
@HandlesJob(PruneGrowingTables)
export class PruneGrowingTablesHandler implements JobHandler<Record<string, never>> {
  private readonly logger = new Logger(PruneGrowingTablesHandler.name);

  constructor(@Inject(Database) private readonly database: Database) {}

  /** Deletes in batches (short transactions, no long locks); returns how many rows went per table. */
  async handle(): Promise<void> {
    const removed = await this.prune();
    const summary = Object.entries(removed).filter(([, count]) => count > 0);
    if (summary.length > 0) this.logger.log(`Pruned ${summary.map(([table, count]) => `${count} from ${table}`).join(', ')}`);
  }

  async prune(): Promise<Record<string, number>> {
    const removed: Record<string, number> = {};
    for (const rule of prunableRows()) {
      let total = 0;
      for (;;) {
        // Any module's table, declared by that module: the table and condition are constants its code
        // wrote (`declarePrunable` at module load), never values, so they go in as text.
        const table = sql.table(rule.table);
        const { rows } = await sql<{ n: number }>`with gone as (delete from ${table} where ctid in (select ctid from ${table} where ${sql.raw(rule.where)} limit ${sql.lit(BATCH)}) returning 1)
           select count(*)::int as n from gone`.execute(platformDb(this.database.em()));
        const count = Number(rows[0]?.n ?? 0);
        total += count;
        if (count < BATCH) break;
      }
      removed[rule.table] = (removed[rule.table] ?? 0) + total;
    }
    return removed;
  }
}

/** Upserting the scheduler is idempotent, so every worker replica may do it at start. */
@Injectable()
export class PruneSchedule implements OnApplicationBootstrap {
  constructor(@Inject(QueueRegistry) private readonly queues: QueueRegistry) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queues
      .get('admin')
      .upsertJobScheduler('platform-prune-growing-tables', { pattern: '17 * * * *', tz: 'UTC' }, { name: PruneGrowingTables.name, data: PruneGrowingTables.create({}) });
  }
}
