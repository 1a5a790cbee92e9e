import { Inject, Injectable } from '@nestjs/common';
import { ProviderTokens } from '#pie/identity';
import { Database, HandlesJob, QueueRegistry, textArray, timestampArray, type JobHandler } from '#pie/platform';
import { FANS_PER_TICK, POLL_INTERVAL_MS, PROVIDER, RECONCILE_PAGE } from '../../domain/listening.constants.js';
import { IngestFan } from '../ingest-fan/ingest-fan.job.js';
import { enqueueDueScrobbleSources } from '../sync-scrobbles/schedule-scrobbles.js';
import { recoverStalledImports } from './import-recovery.js';
import { SchedulePolls } from './schedule-polls.job.js';
import { sql } from 'kysely';
import { listeningDb } from '../../db/listening-db.js';

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
      const due = await listeningDb(tx)
        .with('due', (qc) =>
          qc
            .selectFrom('listening.fan_listening_state')
            .select(['fan_id', 'next_poll_at'])
            .where('status', '=', 'connected')
            .where('next_poll_at', '<=', sql<string>`now()`)
            .orderBy('next_poll_at')
            .limit(FANS_PER_TICK)
            .forUpdate()
            .skipLocked(),
        )
        .updateTable('listening.fan_listening_state as s')
        .from('due')
        .set({ next_poll_at: sql`now() + make_interval(secs => ${POLL_INTERVAL_MS / 1000})`, updated_at: sql`now()` })
        .whereRef('s.fan_id', '=', 'due.fan_id')
        .returning(['s.fan_id', 'due.next_poll_at as due_at'])
        .execute();
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
    const db = listeningDb(em);
    const cursor = await db.selectFrom('listening.sync_cursors').select('after_fan_id').where('name', '=', CURSOR).executeTakeFirst();
    const page = await this.tokens.connectedFans(PROVIDER, { limit: RECONCILE_PAGE, afterFanId: cursor?.after_fan_id ?? undefined });
    if (page.length > 0) {
      await db
        .insertInto('listening.fan_listening_state')
        .columns(['fan_id', 'status', 'next_poll_at', 'connected_at'])
        .expression(
          sql`select fan_id, 'connected', now() + random() * make_interval(secs => ${POLL_INTERVAL_MS / 1000}), connected_at
                from unnest(${textArray(page.map((fan) => fan.fanId))}::uuid[], ${timestampArray(page.map((fan) => fan.connectedAt))}::timestamptz[]) as u(fan_id, connected_at)`,
        )
        .onConflict((oc) => oc.column('fan_id').doNothing())
        .execute();
    }
    const next = page.length === RECONCILE_PAGE ? page[page.length - 1].fanId : null;
    await db
      .insertInto('listening.sync_cursors')
      .values({ name: CURSOR, after_fan_id: next })
      .onConflict((oc) => oc.column('name').doUpdateSet({ after_fan_id: (eb) => eb.ref('excluded.after_fan_id'), updated_at: sql`now()` }))
      .execute();
  }
}
