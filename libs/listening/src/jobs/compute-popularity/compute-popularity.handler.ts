import { Inject, Injectable, Logger } from '@nestjs/common';
import { sql } from 'kysely';
import { Database, HandlesJob, type EntityManager, type JobHandler } from '#pie/platform';
import { listeningDb } from '../../db/listening-db.js';
import { listenersByArtist } from '../../domain/artist-listeners.js';
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
  const row = await listeningDb(em).selectFrom('listening.sync_cursors').select('updated_at').where('name', '=', COMPUTED_MARKER).executeTakeFirst();
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
      const db = listeningDb(tx);
      await db.selectNoFrom(sql`pg_advisory_xact_lock(hashtextextended(${LOCK_KEY}, 0))`.as('locked')).execute();
      // It updates every artist: not while the catalogue fetch merges or renames them (catalogue-lock.ts).
      await lockCatalogue(tx, 'shared');
      const computedAt = await popularityComputedAt(tx);
      if (payload.atStartUp && !popularityIsStale(computedAt)) return null;
      const onlyIfNeverComputed = payload.atStartUp === true && computedAt === null;
      const result = await db
        .with('guard', (qc) =>
          qc.selectNoFrom((eb) => [
            eb.or([eb.not(eb.val(onlyIfNeverComputed)), eb.not(eb.exists(eb.selectFrom('listening.artists').select('id').where('popularity', '>', 0)))]).as('computed'),
          ]),
        )
        .with('listeners', () => listenersByArtist(db, POPULARITY_WINDOW_DAYS))
        .with('ranked', (qc) =>
          qc
            .selectFrom('listeners')
            .select(['artist_id', 'listeners', sql<number>`(1 + floor(99 * percent_rank() over (order by listeners)))::smallint`.as('popularity')]),
        )
        .with('target', (qc) =>
          qc
            .selectFrom('listening.artists as a')
            .leftJoin('ranked as r', 'r.artist_id', 'a.id')
            .select(['a.id', sql<number>`coalesce(r.popularity, 0)`.as('popularity'), sql<number>`coalesce(r.listeners, 0)`.as('listeners')]),
        )
        .with('updated', (qc) =>
          qc
            .updateTable('listening.artists as a')
            .from('target as t')
            .set({ popularity: sql`t.popularity`, listeners_28d: sql`t.listeners` })
            .whereRef('a.id', '=', 't.id')
            .where((eb) => eb.or([eb('a.popularity', '<>', eb.ref('t.popularity')), eb('a.listeners_28d', '<>', eb.ref('t.listeners'))]))
            .where((eb) => eb.selectFrom('guard').select('computed'))
            .returning('a.id'),
        )
        .selectNoFrom((eb) => [
          eb.selectFrom('guard').select('computed').as('computed'),
          eb.selectFrom('updated').select(sql<number>`count(*)::int`.as('n')).as('updated'),
        ])
        .executeTakeFirstOrThrow();
      if (!result.computed) return null;
      await db
        .insertInto('listening.sync_cursors')
        .values({ name: COMPUTED_MARKER, after_fan_id: null, updated_at: sql`now()` })
        .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ updated_at: eb.ref('excluded.updated_at') })))
        .execute();
      return Number(result.updated ?? 0);
    });
    if (updated === null) this.logger.log('Popularity is recent: nothing to compute at start-up');
    else this.logger.log(`Popularity updated for ${updated} artist(s)`);
  }
}
