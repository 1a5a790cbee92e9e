import { createHash } from 'node:crypto';
import type { Compilable } from 'kysely';
import type { Pool } from 'pg';
import { executeBound } from './bound-query.js';
import type { EntityManager } from './orm.js';

const names = new Map<string, string>();

/** One name per statement text: the same text is the same prepared statement on every connection. */
function statementName(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    name = `pie_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    names.set(sql, name);
  }
  return name;
}

/**
 * A read the api makes on almost every request (the session check, the dashboard's lists) as a
 * named prepared statement: each pooled connection parses and plans it once, then reuses the plan
 * (Postgres keeps it per connection). `em.execute` inlines the values into the text, so Postgres
 * parses and plans every request anew; for a dashboard list that was a quarter of its work.
 *
 * `sql` must be a constant with `$1`-style placeholders (the values go as parameters): each
 * distinct text becomes one statement on every connection, so text built from values would grow
 * without bound. Inside a transaction the statement runs on the transaction's connection, unnamed.
 */
export async function executePrepared<T extends object = Record<string, unknown>>(em: EntityManager, sql: string, params: readonly unknown[]): Promise<T[]> {
  if (em.getTransactionContext()) return executeBound<T>(em, sql, params);
  const pool = (await em.getConnection().getNativeClient()) as Pool;
  const result = await pool.query<T>({ name: statementName(sql), text: sql, values: [...params] });
  return result.rows;
}

/**
 * `executePrepared` for a typed query (`<m>Db(em).selectFrom(…)`): its compiled text is constant
 * for one shape of query (values go as `$n` parameters), so it becomes one named statement.
 */
export async function executePreparedQuery<R>(em: EntityManager, query: Compilable<R>): Promise<R[]> {
  const compiled = query.compile();
  return executePrepared<R & object>(em, compiled.sql, compiled.parameters);
}
