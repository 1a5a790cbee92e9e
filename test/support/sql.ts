import pg from 'pg';

/**
 * Plain SQL on a test file's own database, for what a test must see or arrange below the
 * application (rows it wrote, a trigger that makes the database fail): never through the app's ORM.
 */
export interface Sql {
  query<T extends pg.QueryResultRow = any>(text: string, params?: unknown[]): Promise<T[]>;
  /** One value of the first row, e.g. `count(*)`. */
  value<T = unknown>(text: string, params?: unknown[]): Promise<T>;
  close(): Promise<void>;
}

export function openSql(databaseUrl: string): Sql {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  // A test that drops its database with connections open must not crash the run on the pool's error event.
  pool.on('error', () => undefined);
  return {
    async query(text, params) {
      return (await pool.query(text, params as unknown[])).rows;
    },
    async value(text, params) {
      const rows = (await pool.query(text, params as unknown[])).rows;
      const first = rows[0] as Record<string, unknown> | undefined;
      return (first ? Object.values(first)[0] : undefined) as never;
    },
    close: () => pool.end(),
  };
}

/** Polls `check` until it returns a value other than undefined/false, or fails with `what` after the timeout. */
export async function eventually<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 20_000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result !== undefined && result !== false) return result;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
