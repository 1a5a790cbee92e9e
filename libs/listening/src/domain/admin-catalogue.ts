import { sql } from 'kysely';
import { containsPattern, type EntityManager, type ListSource } from '#pie/platform';
import { listeningDb } from '../db/listening-db.js';

/* The back office's view of the catalogue (the admin module reads this facade, never the tables). */

/** One catalogue artist as the back office lists it (`artistListing`); counts are bigint text. */
export interface ArtistListingRow {
  artistId: string;
  name: string;
  spotifyId: string | null;
  /** Fans who listened in the last `periodDays` days, and how long in all. */
  fans: string;
  listenedMs: string;
}

/**
 * Catalogue artists with their listening over the last `periodDays` days, optionally only those
 * whose name contains `search` (or the one `artistId`): a list source the back office joins with
 * what other modules know of the artists and pages in one statement.
 */
export function artistListing(em: EntityManager, options: { periodDays: number; search?: string; artistId?: string }): ListSource<ArtistListingRow> {
  const search = options.search ? containsPattern(options.search) : null;
  return listeningDb(em)
    .selectFrom('listening.artists as a')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('listening.fan_artist_days as d')
          .select([sql<string>`count(distinct d.fan_id)`.as('fans'), sql<string | null>`sum(d.listened_ms)`.as('listened_ms')])
          .whereRef('d.artist_id', '=', 'a.id')
          .where('d.day', '>=', sql<string>`current_date - make_interval(days => ${options.periodDays})`)
          .as('l'),
      (join) => join.onTrue(),
    )
    .select([
      'a.id as artistId',
      'a.name',
      'a.provider_id as spotifyId',
      sql<string>`coalesce(l.fans, 0)`.as('fans'),
      sql<string>`coalesce(l.listened_ms, 0)`.as('listenedMs'),
    ])
    .$if(search !== null, (q) => q.where('a.name', 'ilike', search!))
    .$if(options.artistId !== undefined, (q) => q.where('a.id', '=', options.artistId!));
}

export async function catalogueArtist(em: EntityManager, artistId: string): Promise<{ id: string; name: string; spotifyId: string | null } | null> {
  const row = await listeningDb(em).selectFrom('listening.artists').select(['id', 'name', 'provider_id']).where('id', '=', artistId).executeTakeFirst();
  return row ? { id: row.id, name: row.name, spotifyId: row.provider_id } : null;
}

/** The fans who listened to an artist the most (all time), with how long. */
export async function topFansOf(em: EntityManager, artistId: string, limit: number): Promise<{ fanId: string; listenedMs: number; plays: number }[]> {
  const rows = await listeningDb(em)
    .selectFrom('listening.fan_artists')
    .select(['fan_id', 'listened_ms', 'plays'])
    .where('artist_id', '=', artistId)
    .orderBy('listened_ms', 'desc')
    .orderBy('fan_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ fanId: row.fan_id, listenedMs: Number(row.listened_ms), plays: row.plays }));
}

export async function catalogueSize(em: EntityManager): Promise<number> {
  const row = await listeningDb(em).selectFrom('listening.artists').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}
