import { Inject, Injectable } from '@nestjs/common';
import { ProviderTokens } from '#pie/identity';
import { Database, HandlesJob, QueueRegistry, textArray, timestampArray, type JobHandler } from '#pie/platform';
import { FANS_PER_TICK, POLL_INTERVAL_MS, PROVIDER, RECONCILE_PAGE } from '../../domain/listening.constants.js';
import { IngestFan } from '../ingest-fan/ingest-fan.job.js';
import { enqueueDueScrobbleSources } from '../sync-scrobbles/schedule-scrobbles.js';
import { recoverStalledImports } from './import-recovery.js';
import { SchedulePolls } from './schedule-polls.job.js';

const CURSOR = 'spotify-connected-fans';
const BATCHES_PER_TICK = 5;

/**
 * Every minute: recovers stalled imports (see import-recovery), then claims the connected fans whose poll is due (SKIP LOCKED, so ticks on several
 * workers never take the same fan), moves their next poll a full interval out as a lease, and
 * queues one `listening.ingest-fan` per fan with the job id `ingest-<fan>-<window>`: a poll queued
 * twice in one window is one job. The poll itself sets the real, jittered next time, so fans stay
 * spread over the hour instead of bunching up.
 *
 * Also walks identity's connected fans one page per tick, so a fan connected before this module
 * existed is polled too, first at a random point in the next hour. A fan listening already knows
 * is left as they are: a page read before a disconnection must not reconnect them (the connect,
 * disconnect and broken paths own the status).
 */
@Injectable()
@HandlesJob(SchedulePolls)
export class SchedulePollsHandler implements JobHandler<Record<string, never>> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(ProviderTokens) private readonly tokens: ProviderTokens,
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
  ) {}

  async handle(): Promise<void> {
    await recoverStalledImports(this.database.em(), this.queues);
    await this.reconcileConnectedFans();
    await enqueueDueScrobbleSources(this.database, this.queues);
    for (let batch = 0; batch < BATCHES_PER_TICK; batch++) {
      if ((await this.enqueueDueFans()) < FANS_PER_TICK) break;
    }
  }

  /** Returns how many fans were queued. */
  async enqueueDueFans(): Promise<number> {
    return this.database.transaction(async (tx) => {
      const due = await tx.execute<{ fan_id: string; due_at: Date }[]>(
        `with due as (
           select fan_id, next_poll_at from listening.fan_listening_state
            where status = 'connected' and next_poll_at <= now()
            order by next_poll_at limit ? for update skip locked
         )
         update listening.fan_listening_state s set next_poll_at = now() + make_interval(secs => ?), updated_at = now()
           from due where s.fan_id = due.fan_id
         returning s.fan_id, due.next_poll_at as due_at`,
        [FANS_PER_TICK, POLL_INTERVAL_MS / 1000],
      );
      if (due.length === 0) return 0;
      // Inside the transaction: if the queue refuses, the fans stay due for the next tick.
      await this.queues.get(IngestFan.queue).addBulk(
        due.map((row) => ({
          name: IngestFan.name,
          data: IngestFan.create({ fanId: row.fan_id, reason: 'schedule' }),
          opts: { jobId: `ingest-${row.fan_id}-${Math.floor(new Date(row.due_at).getTime() / POLL_INTERVAL_MS)}` },
        })),
      );
      return due.length;
    });
  }

  private async reconcileConnectedFans(): Promise<void> {
    const em = this.database.em();
    const [cursor] = await em.execute<{ after_fan_id: string | null }[]>(`select after_fan_id from listening.sync_cursors where name = ?`, [CURSOR]);
    const page = await this.tokens.connectedFans(PROVIDER, { limit: RECONCILE_PAGE, afterFanId: cursor?.after_fan_id ?? undefined });
    if (page.length > 0) {
      await em.execute(
        `insert into listening.fan_listening_state (fan_id, status, next_poll_at, connected_at)
         select fan_id, 'connected', now() + random() * make_interval(secs => ?), connected_at
           from unnest(?::uuid[], ?::timestamptz[]) as u(fan_id, connected_at)
         on conflict (fan_id) do nothing`,
        [POLL_INTERVAL_MS / 1000, textArray(page.map((fan) => fan.fanId)), timestampArray(page.map((fan) => fan.connectedAt))],
      );
    }
    const next = page.length === RECONCILE_PAGE ? page[page.length - 1].fanId : null;
    await em.execute(
      `insert into listening.sync_cursors (name, after_fan_id) values (?, ?) on conflict (name) do update set after_fan_id = excluded.after_fan_id, updated_at = now()`,
      [CURSOR, next],
    );
  }
}
