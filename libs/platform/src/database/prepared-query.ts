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

const SLOT = '\u0000slot:';

/** The stand-ins a `preparedQuery` builder gets for its values: each compiles to one `$n` parameter. */
const slots = new Proxy({}, { get: (_target, name) => `${SLOT}${String(name)}` });

/**
 * A typed read that runs on (almost) every request, built and compiled once: building and compiling
 * a Kysely query costs more CPU than the read it sends (measured: 150–250 µs for a dashboard read,
 * which took `GET /api/user/activity` from 4,193 to 2,465 requests/s), so `build` runs once, with
 * stand-ins for its values, and every call runs the compiled text as a named prepared statement
 * (`executePrepared`) with the values in their places.
 *
 * `build` must use each value only as a value (no arithmetic on it, no `sql.raw`/`sql.lit`): the
 * first call checks that every stand-in became a parameter of its own and none is left in the text.
 */
export function preparedQuery<P extends object, R>(build: (em: EntityManager, values: P) => Compilable<R>): (em: EntityManager, values: P) => Promise<R[]> {
  let compiled: { sql: string; parameters: readonly unknown[] } | undefined;
  return async (em, values) => {
    compiled ??= checkedStandIns(build(em, slots as P).compile());
    const parameters = compiled.parameters.map((value) => (isStandIn(value) ? values[value.slice(SLOT.length) as keyof P] : value));
    return executePrepared<R & object>(em, compiled.sql, parameters);
  };
}

function isStandIn(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(SLOT);
}

function checkedStandIns<Q extends { sql: string; parameters: readonly unknown[] }>(compiled: Q): Q {
  if (compiled.sql.includes(SLOT)) throw new Error(`preparedQuery: a value was written into the text instead of a parameter: ${compiled.sql}`);
  const misused = compiled.parameters.find((value) => typeof value === 'string' && value.includes(SLOT) && !isStandIn(value));
  if (misused !== undefined) throw new Error(`preparedQuery: a value was changed before it became a parameter (${JSON.stringify(misused)})`);
  return compiled;
}
