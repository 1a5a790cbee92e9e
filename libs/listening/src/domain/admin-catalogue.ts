import type { Pagination } from '#pie/contracts';
import { containsPattern, pageOf, type EntityManager } from '#pie/platform';

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
  const where: string[] = [];
  const params: unknown[] = [`${query.periodDays} days`];
  if (query.search) {
    where.push('a.name ilike ?');
    params.push(containsPattern(query.search));
  }
  if (options.onlyIds) {
    where.push('a.id = any(?::uuid[])');
    params.push(`{${options.onlyIds.join(',')}}`);
  }
  if (options.excludeIds && options.excludeIds.length > 0) {
    where.push('not (a.id = any(?::uuid[]))');
    params.push(`{${options.excludeIds.join(',')}}`);
  }
  const given = options.orderByIds ?? [];
  params.unshift(`{${given.join(',')}}`);
  const orders = { name: 'lower(name)', fans: 'fans', listened: 'listened_ms', given: `given_rank` } as const;
  const direction = query.sortBy === 'given' ? (query.sortOrder === 'desc' ? 'asc' : 'desc') : query.sortOrder;
  const { rows, pagination } = await pageOf<Record<string, unknown>>(em, {
    sql: `select a.id, a.name, a.provider_id, coalesce(array_position(?::uuid[], a.id), 2147483647) as given_rank,
                 coalesce(l.fans, 0) as fans, coalesce(l.listened_ms, 0) as listened_ms
            from listening.artists a
            left join lateral (select count(distinct d.fan_id) as fans, sum(d.listened_ms) as listened_ms from listening.fan_artist_days d
                                where d.artist_id = a.id and d.day >= current_date - ?::interval) l on true
           ${where.length ? `where ${where.join(' and ')}` : ''}`,
    params,
    orderBy: `${orders[query.sortBy]} ${direction}, id`,
    page: query.page,
    limit: query.limit,
  });
  return { items: rows.map((row) => ({ id: String(row.id), name: String(row.name), spotifyId: (row.provider_id as string | null) ?? null, fans: Number(row.fans), listenedMs: Number(row.listened_ms) })), pagination };
}

export async function catalogueArtist(em: EntityManager, artistId: string): Promise<{ id: string; name: string; spotifyId: string | null } | null> {
  const [row] = await em.execute<{ id: string; name: string; provider_id: string | null }[]>(`select id, name, provider_id from listening.artists where id = ?`, [artistId]);
  return row ? { id: row.id, name: row.name, spotifyId: row.provider_id } : null;
}

/** The fans who listened to an artist the most (all time), with how long. */
export async function topFansOf(em: EntityManager, artistId: string, limit: number): Promise<{ fanId: string; listenedMs: number; plays: number }[]> {
  const rows = await em.execute<{ fan_id: string; listened_ms: string; plays: number }[]>(
    `select fan_id, listened_ms, plays from listening.fan_artists where artist_id = ? order by listened_ms desc, fan_id limit ?`,
    [artistId, limit],
  );
  return rows.map((row) => ({ fanId: row.fan_id, listenedMs: Number(row.listened_ms), plays: row.plays }));
}

export async function catalogueSize(em: EntityManager): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>(`select count(*)::int as n from listening.artists`);
  return row.n;
}
