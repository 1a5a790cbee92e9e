import type { Database, QueueRegistry } from '#pie/platform';
import { FANS_PER_TICK, POLL_INTERVAL_MS } from '../../domain/listening.constants.js';
import type { ScrobbleSourceKind } from '../../provider/scrobble-service.js';
import { SyncScrobbles } from './sync-scrobbles.job.js';
import { sql } from 'kysely';
import { listeningDb } from '../../db/listening-db.js';

/** A claimed back-fill that lost its job (a crash) is taken up again after this long. */
const BACKFILL_LEASE_SECONDS = 10 * 60;

/**
 * The scheduler's tick for scrobbling sources: claims those whose sync is due (SKIP LOCKED, as
 * for Spotify's fans), moves their next sync out as a lease (a poll sets the real, jittered time;
 * a back-fill's slice sets "now" for its next job) and queues one sync each.
 */
export async function enqueueDueScrobbleSources(database: Database, queues: QueueRegistry): Promise<number> {
  return database.transaction(async (tx) => {
    const due: { fan_id: string; kind: ScrobbleSourceKind; due_at: string }[] = await listeningDb(tx)
      .with('due', (qc) =>
        qc
          .selectFrom('listening.scrobble_sources')
          .select(['fan_id', 'kind', 'next_sync_at'])
          .where('status', 'in', ['backfilling', 'connected'])
          .where('next_sync_at', '<=', sql<string>`now()`)
          .orderBy('next_sync_at')
          .limit(FANS_PER_TICK)
          .forUpdate()
          .skipLocked(),
      )
      .updateTable('listening.scrobble_sources as s')
      .from('due')
      .set({
        next_sync_at: sql`now() + make_interval(secs => case when s.status = 'backfilling' then ${BACKFILL_LEASE_SECONDS}::int else ${POLL_INTERVAL_MS / 1000}::int end)`,
        updated_at: sql`now()`,
      })
      .whereRef('s.fan_id', '=', 'due.fan_id')
      .whereRef('s.kind', '=', 'due.kind')
      .returning(['s.fan_id', 's.kind', 'due.next_sync_at as due_at'])
      .execute();
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
