import { Inject, Injectable } from '@nestjs/common';
import { Database, HandlesJob, QueueRegistry, type JobHandler } from '#pie/platform';
import { ClosePiePeriod } from '../close-pie-period/close-pie-period.job.js';
import { SchedulePeriodCloses } from './schedule-period-closes.job.js';

const PERIODS_PER_TICK = 1000;
/**
 * A period closes this long after its end. Plays arrive by polling the streaming provider, which
 * reaches every connected fan well inside two hours (DESIGN §7); a close any sooner would leave
 * the last plays of its window out of every split, since the next window starts at its end.
 */
export const CLOSE_AFTER_END_MS = 2 * 60 * 60_000;
/** A period marked closing longer than this whose close never finished is queued again. */
const RETRY_CLOSING_AFTER_MS = 30 * 60_000;

/**
 * Marks open periods that ended at least `CLOSE_AFTER_END_MS` ago `closing` (SKIP LOCKED, so ticks on several workers never take the same
 * one) and queues one `pies.close-pie-period` per period with job id = period id, inside the same
 * transaction: if the queue refuses, the periods stay open for the next tick. A period whose close
 * job vanished (closing for long) is queued again; the close itself is idempotent.
 */
@Injectable()
@HandlesJob(SchedulePeriodCloses)
export class SchedulePeriodClosesHandler implements JobHandler<Record<string, never>> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
  ) {}

  async handle(): Promise<void> {
    for (;;) {
      const queued = await this.queueDueCloses();
      if (queued < PERIODS_PER_TICK) return;
    }
  }

  async queueDueCloses(now = new Date()): Promise<number> {
    return this.database.transaction(async (tx) => {
      // raw SQL: bench:close — the close path claims a batch of due periods in one statement (skip locked)
      const due = await tx.execute<{ id: string }[]>(
        `with due as (
           select id from pies.periods
            where ends_at <= ?::timestamptz - make_interval(secs => ?) and (state = 'open' or (state = 'closing' and closing_since < ?::timestamptz))
            order by ends_at limit ? for update skip locked
         )
         update pies.periods pr set state = 'closing', closing_since = ?::timestamptz from due where pr.id = due.id returning pr.id`,
        [now.toISOString(), CLOSE_AFTER_END_MS / 1000, new Date(now.getTime() - RETRY_CLOSING_AFTER_MS).toISOString(), PERIODS_PER_TICK, now.toISOString()],
      );
      if (due.length === 0) return 0;
      await this.queues.get(ClosePiePeriod.queue).addBulk(
        due.map((row) => ({ name: ClosePiePeriod.name, data: ClosePiePeriod.create({ periodId: row.id }), opts: { jobId: row.id } })),
      );
      return due.length;
    });
  }
}
