import type { Pagination } from '#pie/contracts';
import { sql } from 'kysely';
import { containsPattern, pageOfQuery, textArray, type EntityManager } from '#pie/platform';
import { listeningDb } from '../db/listening-db.js';

/* The back office's view of the catalogue (the admin module reads this facade, never the tables). */

export interface AdminCatalogueRow {
  id: string;
  name: string;
  spotifyId: string | null;
  /** Fans who listened in the last `periodDays` days, and how long in all. */
  fans: number;
  listenedMs: number;
}

/**
 * Catalogue artists, searchable and paged, with their listening over the last `periodDays` days.
 * The admin module narrows (`onlyIds`) and orders (`orderByIds`, e.g. by escrow) with what other
 * modules know; `sortBy` orders by this module's own figures otherwise.
 */
export async function adminCataloguePage(
  em: EntityManager,
  query: { page: number; limit: number; search?: string; periodDays: number; sortBy: 'name' | 'fans' | 'listened' | 'given'; sortOrder: 'asc' | 'desc' },
  options: { onlyIds?: string[]; excludeIds?: string[]; orderByIds?: string[] } = {},
): Promise<{ items: AdminCatalogueRow[]; pagination: Pagination }> {
  const db = listeningDb(em);
  const given = textArray(options.orderByIds ?? []);
  const search = query.search ? containsPattern(query.search) : null;
  const list = db
    .selectFrom('listening.artists as a')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('listening.fan_artist_days as d')
          .select([sql<string>`count(distinct d.fan_id)`.as('fans'), sql<string | null>`sum(d.listened_ms)`.as('listened_ms')])
          .whereRef('d.artist_id', '=', 'a.id')
          .where('d.day', '>=', sql<string>`current_date - make_interval(days => ${query.periodDays})`)
          .as('l'),
      (join) => join.onTrue(),
    )
    .select([
      'a.id',
      'a.name',
      'a.provider_id',
      sql<number>`coalesce(array_position(${given}::uuid[], a.id), 2147483647)`.as('given_rank'),
      sql<string>`coalesce(l.fans, 0)`.as('fans'),
      sql<string>`coalesce(l.listened_ms, 0)`.as('listened_ms'),
    ])
    .$if(search !== null, (q) => q.where('a.name', 'ilike', search!))
    .$if(options.onlyIds !== undefined, (q) => q.where(sql<boolean>`a.id = any(${textArray(options.onlyIds ?? [])}::uuid[])`))
    .$if((options.excludeIds?.length ?? 0) > 0, (q) => q.where(sql<boolean>`not (a.id = any(${textArray(options.excludeIds ?? [])}::uuid[]))`));
  const orders = { name: sql`lower(name)`, fans: sql`fans`, listened: sql`listened_ms`, given: sql`given_rank` } as const;
  const direction = query.sortBy === 'given' ? (query.sortOrder === 'desc' ? 'asc' : 'desc') : query.sortOrder;
  const { rows, pagination } = await pageOfQuery(
    db
      .selectFrom(list.as('q'))
      .selectAll('q')
      .orderBy(sql`${orders[query.sortBy]} ${sql.raw(direction === 'asc' ? 'asc' : 'desc')}`)
      .orderBy('q.id'),
    query,
  );
  return { items: rows.map((row) => ({ id: row.id, name: row.name, spotifyId: row.provider_id, fans: Number(row.fans), listenedMs: Number(row.listened_ms) })), pagination };
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
