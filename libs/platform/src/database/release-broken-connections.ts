import type { Pool, PoolClient } from 'pg';

const GUARDED = Symbol('pie.releaseBrokenConnections');

/**
 * Gives a checked-out connection back to the pool (as broken, so the pool drops it) the moment it
 * dies, and makes a later `release()` of that checkout a no-op.
 *
 * Why: the ORM's transactions run on Kysely's controlled transactions, which release their
 * connection only after COMMIT or ROLLBACK succeeds. When the database goes away mid-transaction
 * both fail, and the connection was never given back: each outage leaked one pool slot per
 * transaction in flight, until the pool was exhausted (and `pool.end()` waited for ever on
 * shutdown). pg-pool itself leaves a checked-out client's errors to its holder.
 *
 * Only the promise form of `connect()` is wrapped (Kysely's and ours); `pool.query` uses the
 * callback form and always releases its client itself.
 */
export function releaseBrokenConnections(pool: Pool): Pool {
  const guarded = pool as Pool & { [GUARDED]?: true };
  if (guarded[GUARDED]) return pool;
  guarded[GUARDED] = true;
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<PoolClient> | void;
  (pool as { connect: unknown }).connect = (callback?: unknown) => {
    if (callback) return connect(callback);
    return (connect() as Promise<PoolClient>).then(guardCheckout);
  };
  return pool;
}

function guardCheckout(client: PoolClient): PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const onBroken = (error?: Error) => finish(error ?? new Error('Connection ended while checked out'));
  function finish(error?: Error | boolean) {
    if (released) return;
    released = true;
    client.removeListener('error', onBroken);
    client.removeListener('end', onBroken);
    release(error);
  }
  client.once('error', onBroken);
  client.once('end', onBroken);
  client.release = finish;
  return client;
}
