import { Inject, Injectable, Logger } from '@nestjs/common';
import { Database, HandlesJob, type EntityManager, type JobHandler } from '#pie/platform';
import { LISTENERS_BY_ARTIST_SQL } from '../../domain/artist-listeners.js';
import { lockCatalogue } from '../../domain/catalogue-lock.js';
import { POPULARITY_WINDOW_DAYS } from '../../domain/listening.constants.js';
import { ComputePopularity, type ComputePopularityPayload } from './compute-popularity.job.js';

/** Popularity older than this is computed again when a worker starts (the daily run keeps it younger). */
export const POPULARITY_STALE_AFTER_MS = 24 * 60 * 60_000;
/** The `listening.sync_cursors` row whose `updated_at` says when popularity was last computed. */
const COMPUTED_MARKER = 'compute-popularity';
/** Serialises the computations of every worker (a start-up run and the daily one never overlap). */
const LOCK_KEY = 'listening.compute-popularity';

/** When popularity was last computed, or null when it never was (since this was recorded). */
export async function popularityComputedAt(em: EntityManager): Promise<Date | null> {
  const [row] = await em.execute<{ updated_at: Date | string }[]>(`select updated_at from listening.sync_cursors where name = ?`, [COMPUTED_MARKER]);
  return row ? new Date(row.updated_at) : null;
}

/** Whether a worker starting now should compute popularity: never computed, or more than a day ago. */
export function popularityIsStale(computedAt: Date | null, now = new Date()): boolean {
  return computedAt === null || now.getTime() - computedAt.getTime() >= POPULARITY_STALE_AFTER_MS;
}

/**
 * Popularity 0–100 from Pie's own listening (DESIGN §6), in one statement: each artist's share of
 * fans who listened to them in the last 28 UTC days (trusted plays only, each fan once: the same
 * source as the artist page's listeners and fans), as a percentile among the artists anyone listened
 * to (1 = least listened of those, 100 = most; nobody in 28 days = 0). Ties share a value. Only
 * changed rows are written, and when it was computed is recorded.
 *
 * A start-up run (`atStartUp`) computes only when popularity is stale (`popularityIsStale`), checked
 * again here under the lock, so a second worker's start-up job finds it fresh and does nothing. With
 * nothing recorded, an artist whose popularity is above 0 shows it was computed before that was
 * recorded (the daily run then records it): that check is part of the update's own snapshot, so
 * popularity written meanwhile by anyone else is never reset.
 */
@Injectable()
@HandlesJob(ComputePopularity)
export class ComputePopularityHandler implements JobHandler<ComputePopularityPayload> {
  private readonly logger = new Logger(ComputePopularityHandler.name);

  constructor(@Inject(Database) private readonly database: Database) {}

  async handle(payload: ComputePopularityPayload = {}): Promise<void> {
    const updated = await this.database.transaction(async (tx) => {
      await tx.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [LOCK_KEY]);
      // It updates every artist: not while the catalogue fetch merges or renames them (catalogue-lock.ts).
      await lockCatalogue(tx, 'shared');
      const computedAt = await popularityComputedAt(tx);
      if (payload.atStartUp && !popularityIsStale(computedAt)) return null;
      const onlyIfNeverComputed = payload.atStartUp === true && computedAt === null;
      const [result] = await tx.execute<{ computed: boolean; updated: number }[]>(
        `with guard as (
           select not ?::boolean or not exists (select 1 from listening.artists where popularity > 0) as computed
         ), listeners as (${LISTENERS_BY_ARTIST_SQL}), ranked as (
           select artist_id, listeners, (1 + floor(99 * percent_rank() over (order by listeners)))::smallint as popularity
             from listeners
         ), target as (
           select a.id, coalesce(r.popularity, 0) as popularity, coalesce(r.listeners, 0) as listeners
             from listening.artists a left join ranked r on r.artist_id = a.id
         ), updated as (
           update listening.artists a set popularity = t.popularity, listeners_28d = t.listeners
             from target t
            where a.id = t.id and (a.popularity <> t.popularity or a.listeners_28d <> t.listeners) and (select computed from guard)
           returning a.id
         )
         select (select computed from guard) as computed, (select count(*)::int from updated) as updated`,
        [onlyIfNeverComputed, POPULARITY_WINDOW_DAYS],
      );
      if (!result.computed) return null;
      await tx.execute(
        `insert into listening.sync_cursors (name, after_fan_id, updated_at) values (?, null, now()) on conflict (name) do update set updated_at = excluded.updated_at`,
        [COMPUTED_MARKER],
      );
      return result.updated;
    });
    if (updated === null) this.logger.log('Popularity is recent: nothing to compute at start-up');
    else this.logger.log(`Popularity updated for ${updated} artist(s)`);
  }
}
