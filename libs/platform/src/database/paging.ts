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

/**
 * The same page and total in two statements: the page (`query` with its limit and offset) and the
 * count (`query` without its order and select list). For a list of many left joins: with a window
 * count, PostgreSQL 15 plans for the page's few rows (the limit) and can pick nested loops that
 * read every join's rows per row (the admin's artist list by name: 44 s at 50,000 artists, 107 ms
 * page + 5 ms count apart), and a bare count lets it drop the joins nothing filters on. Only for a
 * query without grouping or `distinct` of its own (its count would change without the select list).
 */
export async function pageCountedApart<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: { page: number; limit: number },
): Promise<{ rows: O[]; pagination: Pagination }> {
  const rows = await query
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();
  const counted = (await query.clearOrderBy().clearSelect().select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow()) as { total: string };
  return { rows: rows as O[], pagination: pagination(page.page, page.limit, Number(counted.total)) };
}
