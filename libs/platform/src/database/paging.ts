import { sql, type SelectQueryBuilder } from 'kysely';
import type { Pagination } from '#pie/contracts';

/** `pagination { page, limit, total, pages }` of a list response (DESIGN §9). */
export function pagination(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}

/** A search term as an ILIKE pattern matching anywhere (its own % and _ taken literally, with ILIKE's default escape). */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * One page of a typed query and the whole list's size, the one pager: `query` selects and orders
 * the rows (no limit or offset). The total rides along as a window count (`count(*) over ()`,
 * counted before the limit, after any grouping); only a page past the end costs a second query,
 * the first row of the same query, unordered, for its count.
 */
export async function pageOfQuery<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: { page: number; limit: number },
): Promise<{ rows: O[]; pagination: Pagination }> {
  const counted = query.select(sql<string>`count(*) over ()`.as('__total'));
  const rows = (await counted
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute()) as (O & { __total: string })[];
  let total = rows.length > 0 ? Number(rows[0]!.__total) : 0;
  if (rows.length === 0 && page.page > 1) {
    const first = (await counted.clearOrderBy().limit(1).executeTakeFirst()) as { __total: string } | undefined;
    total = Number(first?.__total ?? 0);
  }
  return { rows: rows.map(({ __total: _total, ...row }) => row as O), pagination: pagination(page.page, page.limit, total) };
}
