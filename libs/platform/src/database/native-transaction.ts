import type { PoolClient } from 'pg';
import type { Database } from './database.js';

/**
 * A transaction on a connection of the ORM's own pool, for what the ORM cannot do: COPY (the
 * listening play writer streams batches with it). Statements use `$1` placeholders. Commits when `work`
 * resolves, rolls back when it throws; the connection always goes back to the pool.
 */
export async function nativeTransaction<T>(database: Database, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const pool = await database.orm.em.getConnection().getNativeClient();
  const client = await pool.connect();
  let healthy = true;
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {
      healthy = false;
    });
    throw error;
  } finally {
    // A connection whose rollback failed is in an unknown state: the pool drops it.
    client.release(healthy ? undefined : true);
  }
}
