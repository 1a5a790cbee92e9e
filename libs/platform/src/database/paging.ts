import type { Pagination } from '#pie/contracts';
import type { EntityManager } from './orm.js';

/** `pagination { page, limit, total, pages }` of a list response (DESIGN §9). */
export function pagination(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}

/** A search term as an ILIKE pattern matching anywhere (its own % and _ taken literally, with ILIKE's default escape). */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * (For the modules still on string SQL: identity, claims, offices; typed queries use `pageOfRows`.)
 * One page of a query and the total: `sql` selects the rows (no order, limit or offset), `orderBy`
 * orders them by its columns (alias `q`). The total rides along as a window count; only a page
 * past the end costs a second, counting query.
 */
export async function pageOf<T extends object>(
  em: EntityManager,
  query: { sql: string; params: unknown[]; orderBy: string; page: number; limit: number },
): Promise<{ rows: T[]; pagination: Pagination }> {
  const rows = await em.execute<(T & { __total: string })[]>(
    `select q.*, count(*) over () as __total from (${query.sql}) q order by ${query.orderBy} limit ? offset ?`,
    [...query.params, query.limit, (query.page - 1) * query.limit],
  );
  let total = rows.length > 0 ? Number(rows[0].__total) : 0;
  if (rows.length === 0 && query.page > 1) {
    const [count] = await em.execute<{ n: string }[]>(`select count(*) as n from (${query.sql}) q`, query.params);
    total = Number(count?.n ?? 0);
  }
  for (const row of rows) delete (row as { __total?: string }).__total;
  return { rows, pagination: pagination(query.page, query.limit, total) };
}

/**
 * `pageOf` for a typed query: `rows` is the page as the query read it (ordered, limited, offset),
 * each row carrying the whole list's size as `total` (select `sql<string>\`count(*) over ()\`.as('total')`:
 * the window counts before the limit). Only a page past the end costs `count()`, a second query.
 */
export async function pageOfRows<T extends { total: string | number | null }>(
  rows: T[],
  page: number,
  limit: number,
  count: () => Promise<number>,
): Promise<{ rows: Omit<T, 'total'>[]; pagination: Pagination }> {
  let total = rows.length > 0 ? Number(rows[0]!.total ?? 0) : 0;
  if (rows.length === 0 && page > 1) total = await count();
  return { rows: rows.map(({ total: _total, ...row }) => row), pagination: pagination(page, limit, total) };
}
