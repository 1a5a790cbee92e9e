import { sql, type SelectQueryBuilder } from 'kysely';
import type { Pagination } from '#pie/contracts';
import { pagination } from './paging.js';

/**
 * One page of a typed query and the total, like `pageOf` for Kysely: `query` selects and orders
 * the rows (no limit or offset). The total rides along as a window count; only a page past the end
 * costs a second, counting query (the same query without its order, counted).
 */
export async function pageOfQuery<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: { page: number; limit: number },
): Promise<{ rows: O[]; pagination: Pagination }> {
  const rows = (await query
    .select(sql<string>`count(*) over ()`.as('__total'))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute()) as (O & { __total: string })[];
  let total = rows.length > 0 ? Number(rows[0]!.__total) : 0;
  if (rows.length === 0 && page.page > 1) {
    const count = (await query.clearOrderBy().clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirst()) as { n: string } | undefined;
    total = Number(count?.n ?? 0);
  }
  return { rows: rows.map(({ __total: _total, ...row }) => row as O), pagination: pagination(page.page, page.limit, total) };
}
