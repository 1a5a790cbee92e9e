import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { EntityManager } from './orm.js';

/**
 * Runs one statement with `$1`-style placeholders in the EntityManager's transaction, the values
 * sent as bound parameters. `em.execute(sql, params)` inlines each value into the SQL text,
 * escaping it character by character: for batch statements whose parameters are array literals of
 * thousands of values (the period close's snapshot and postings) that costs more than the insert.
 * Outside a transaction it runs on a pooled connection.
 */
export async function executeBound<T extends object = Record<string, unknown>>(em: EntityManager, sql: string, params: readonly unknown[]): Promise<T[]> {
  const ctx = em.getTransactionContext<Transaction<unknown>>();
  const query = CompiledQuery.raw(sql, [...params]);
  const result = ctx ? await ctx.executeQuery<T>(query) : await (em.getConnection().getClient() as Kysely<unknown>).executeQuery<T>(query);
  return result.rows as T[];
}
