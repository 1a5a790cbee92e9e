import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, defineEvent, OutboxRelay, QueueBackend, queueBackendOptions, QueueRegistry, recordInOutbox, type AppConfig } from '#pie/platform';
import { TEST_REDIS_URL } from '#pie/testing';
import { TestPlatform, type QueueBackendChoice } from '../../support/test-platform.js';
import { TcpProxy } from '../../support/tcp-proxy.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';

// No message is dropped when the queue backend goes away (issue 9): a relay batch whose producer
// cannot reach Redis (or the Postgres queue tables) fails within QUEUE_PRODUCER_TIMEOUT_MS instead of
// hanging with its row locks; the rows stay unpublished and go out once the backend is back.
// The shared Redis/Postgres keep running: the relay reaches its queues through a proxy this test cuts.

const PRODUCER_TIMEOUT_MS = 1_000;
const Noticed = defineEvent<{ n: number }>('testing.outage-noticed.v1');

describe.each<QueueBackendChoice>(['redis', 'postgres'])('a relay batch during a %s queue outage', (queues) => {
  let platform: TestPlatform;
  let sql: Sql;
  let proxy: TcpProxy;
  let proxiedQueues: QueueRegistry;
  let relay: OutboxRelay;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: `outage-${queues}`, queues, worker: false, env: { QUEUE_PRODUCER_TIMEOUT_MS: String(PRODUCER_TIMEOUT_MS) } });
    sql = openSql(platform.database.url);
    // The queue backend, reached through the proxy (the relay's own database connection is direct).
    const direct = new URL(queues === 'redis' ? TEST_REDIS_URL : platform.config.DATABASE_URL);
    proxy = await TcpProxy.start({ host: direct.hostname, port: Number(direct.port) });
    const viaProxy = new URL(direct);
    viaProxy.port = String(proxy.port);
    const queueConfig: AppConfig = queues === 'redis' ? { ...platform.config, REDIS_URL: viaProxy.toString() } : { ...platform.config, DATABASE_URL: viaProxy.toString() };
    proxiedQueues = new QueueRegistry(await QueueBackend.open(queueBackendOptions(queueConfig)));
    relay = new OutboxRelay(platform.api.get(Database), proxiedQueues, platform.config);
  });
  afterAll(async () => {
    await proxiedQueues?.onApplicationShutdown().catch(() => undefined);
    await proxy?.close();
    await sql?.close();
    await platform?.close();
  });

  const record = (count: number) =>
    platform.api.get(Database).transaction(async (em) => {
      const events = Array.from({ length: count }, (_, n) => Noticed.create({ n }));
      recordInOutbox(em, ...events);
      return events.map((event) => event.id);
    });
  const unpublished = () => sql.value<number>(`select count(*)::int from platform.outbox where published_at is null`);

  it('fails within the producer timeout, leaves the rows unpublished and unlocked, and sends them once the backend is back', async () => {
    // Working normally first: the connection through the proxy is open (the Postgres backend checks
    // its tables on first use, which can take longer than the producer timeout on a busy machine).
    await proxiedQueues.get('events').waitUntilReady();
    await record(1);
    expect(await relay.relayBatch()).toBe(1);

    proxy.blackhole();
    const ids = await record(3);
    const started = Date.now();
    await expect(relay.relayBatch()).rejects.toThrow();
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(PRODUCER_TIMEOUT_MS + 2_000);

    expect(await unpublished()).toBe(3);
    // The batch's row locks went with its transaction: another relay could take the rows at once.
    const client = await sql.query(`select id from platform.outbox where published_at is null for update nowait`);
    expect(client.map((row) => row.id).sort()).toEqual([...ids].sort());

    // The backend comes back: the next batches send every row, none lost.
    proxy.forward();
    await eventually('the relay to publish the rows again', async () => (await relay.relayBatch().catch(() => 0)) === 3, 30_000, 200);
    expect(await unpublished()).toBe(0);
    const directQueue = platform.api.get(QueueRegistry).get('events');
    for (const id of ids) expect((await directQueue.getJob(id))?.data).toMatchObject({ id, name: Noticed.name });
  });
});
