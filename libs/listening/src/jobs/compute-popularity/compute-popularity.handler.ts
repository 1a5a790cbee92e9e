import { Inject, Injectable, Logger } from '@nestjs/common';
import { Database, HandlesJob, type JobHandler } from '#pie/platform';
import { LISTENERS_BY_ARTIST_SQL } from '../../domain/artist-listeners.js';
import { POPULARITY_WINDOW_DAYS } from '../../domain/listening.constants.js';
import { ComputePopularity } from './compute-popularity.job.js';

/**
 * Popularity 0–100 from Pie's own listening (DESIGN §6), in one statement: each artist's share of
 * fans who listened to them in the last 28 UTC days (trusted plays only, each fan once: the same
 * source as the artist page's listeners and fans), as a percentile among the artists anyone listened
 * to (1 = least listened of those, 100 = most; nobody in 28 days = 0). Ties share a value. Only
 * changed rows are written.
 */
@Injectable()
@HandlesJob(ComputePopularity)
export class ComputePopularityHandler implements JobHandler<Record<string, never>> {
  private readonly logger = new Logger(ComputePopularityHandler.name);

  constructor(@Inject(Database) private readonly database: Database) {}

  async handle(): Promise<void> {
    const em = this.database.em();
    const updated = await em.execute<{ id: string }[]>(
      `with listeners as (${LISTENERS_BY_ARTIST_SQL}), ranked as (
         select artist_id, listeners, (1 + floor(99 * percent_rank() over (order by listeners)))::smallint as popularity
           from listeners
       ), target as (
         select a.id, coalesce(r.popularity, 0) as popularity, coalesce(r.listeners, 0) as listeners
           from listening.artists a left join ranked r on r.artist_id = a.id
       )
       update listening.artists a set popularity = t.popularity, listeners_28d = t.listeners
         from target t
        where a.id = t.id and (a.popularity <> t.popularity or a.listeners_28d <> t.listeners)
       returning a.id`,
      [POPULARITY_WINDOW_DAYS],
    );
    this.logger.log(`Popularity updated for ${updated.length} artist(s)`);
  }
}
