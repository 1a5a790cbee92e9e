import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from 'pg';
import { createOrm, type Orm } from '#pie/platform';
import { createTestDatabase, type TestDatabase } from '#pie/testing';
import { TcpProxy } from '../../support/tcp-proxy.js';

/*
 * A transaction whose connection dies (the database went away) must give its pool slot back. The
 * ORM's transactions release their connection only after COMMIT or ROLLBACK succeeds; with the
 * connection gone both fail, and before releaseBrokenConnections each such transaction leaked a slot
 * for good: after as many outages as the pool has connections, nothing could reach the database, and
 * closing the pool waited for ever (the database-outage test's teardown hung on it).
 */
describe('a connection that dies inside a transaction', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let orm: Orm;
  let pool: Pool;

  beforeAll(async () => {
    database = await createTestDatabase('conn-leak');
    const direct = new URL(database.url);
    proxy = await TcpProxy.start({ host: direct.hostname, port: Number(direct.port) });
    const viaProxy = new URL(direct);
    viaProxy.port = String(proxy.port);
    orm = await createOrm({ databaseUrl: viaProxy.toString(), poolMax: 2, connectTimeoutMs: 1_000 });
    pool = (await orm.em.getConnection().getNativeClient()) as Pool;
  });
  afterAll(async () => {
    await proxy?.close();
    await database?.drop();
  });

  it('goes back to the pool, so the pool serves again after the outage and closes at once', async () => {
    for (let outage = 0; outage < 3; outage++) {
      // More outages than the pool has connections: a leaked slot per outage would exhaust it.
      const failed = orm.em.fork().transactional(async (tx) => {
        await tx.execute('select 1');
        proxy.blackhole();
        await tx.execute('select 2');
      });
      await expect(failed).rejects.toThrow();
      proxy.forward();
      expect(pool.totalCount - pool.idleCount).toBe(0);
      const [row] = await orm.em.fork().transactional((tx) => tx.execute<{ answer: number }[]>('select 42 as answer'));
      expect(row.answer).toBe(42);
    }
    const closing = orm.close(true).then(() => 'closed');
    const waited = new Promise((resolve) => setTimeout(() => resolve('still waiting on a checked-out connection'), 5_000));
    expect(await Promise.race([closing, waited])).toBe('closed');
  });
});
