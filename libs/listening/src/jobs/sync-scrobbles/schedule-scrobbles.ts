import type { Database, QueueRegistry } from '#pie/platform';
import { FANS_PER_TICK, POLL_INTERVAL_MS } from '../../domain/listening.constants.js';
import type { ScrobbleSourceKind } from '../../provider/scrobble-service.js';
import { SyncScrobbles } from './sync-scrobbles.job.js';

/** A claimed back-fill that lost its job (a crash) is taken up again after this long. */
const BACKFILL_LEASE_SECONDS = 10 * 60;

/**
 * The scheduler's tick for scrobbling sources: claims those whose sync is due (SKIP LOCKED, as
 * for Spotify's fans), moves their next sync out as a lease (a poll sets the real, jittered time;
 * a back-fill's slice sets "now" for its next job) and queues one sync each.
 */
export async function enqueueDueScrobbleSources(database: Database, queues: QueueRegistry): Promise<number> {
  return database.transaction(async (tx) => {
    const due = await tx.execute<{ fan_id: string; kind: ScrobbleSourceKind; due_at: Date }[]>(
      `with due as (
         select fan_id, kind, next_sync_at from listening.scrobble_sources
          where status in ('backfilling', 'connected') and next_sync_at <= now()
          order by next_sync_at limit ? for update skip locked
       )
       update listening.scrobble_sources s
          set next_sync_at = now() + make_interval(secs => case when s.status = 'backfilling' then ? else ? end), updated_at = now()
         from due where s.fan_id = due.fan_id and s.kind = due.kind
       returning s.fan_id, s.kind, due.next_sync_at as due_at`,
      [FANS_PER_TICK, BACKFILL_LEASE_SECONDS, POLL_INTERVAL_MS / 1000],
    );
    if (due.length === 0) return 0;
    await queues.get(SyncScrobbles.queue).addBulk(
      due.map((row) => ({
        name: SyncScrobbles.name,
        data: SyncScrobbles.create({ fanId: row.fan_id, source: row.kind }),
        opts: { jobId: `scrobbles-${row.kind}-${row.fan_id}-due-${new Date(row.due_at).getTime()}` },
      })),
    );
    return due.length;
  });
}
