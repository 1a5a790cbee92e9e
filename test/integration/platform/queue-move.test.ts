import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queue } from 'bullmq';
import { loadConfig, moveQueuedJobs, QueueBackend, queueBackendOptions, QueueRegistry, type QueueName } from '#pie/platform';
import { createTestDatabase, TEST_REDIS_URL, uniqueQueuePrefix, type TestDatabase } from '#pie/testing';
import { eventually } from '../../support/sql.js';

/*
 * Switching REDIS_URL on or off starts the processes on another queue backend, which starts
 * empty: the jobs still queued in the old one are stranded (issue 28). `moveQueuedJobs` (npm run
 * jobs:move) moves them: here jobs of every waiting kind are queued on one backend, moved, and
 * found on the other exactly once and gone from the first, twice over and after a move that
 * stopped half-way.
 */

let database: TestDatabase;
let postgres: QueueRegistry;
let redis: QueueRegistry;

beforeAll(async () => {
  database = await createTestDatabase('queuemove');
  // A failed job's retry waits a minute: long enough to be moved while it waits.
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, REDIS_URL: '', QUEUE_PREFIX: uniqueQueuePrefix(), LOG_LEVEL: 'silent', QUEUE_BACKOFF_BASE_MS: '60000' });
  const options = queueBackendOptions(config);
  postgres = new QueueRegistry(await QueueBackend.open(options));
  redis = new QueueRegistry(await QueueBackend.open({ ...options, redisUrl: TEST_REDIS_URL }));
});
afterAll(async () => {
  for (const registry of [postgres, redis]) {
    if (!registry) continue;
    for (const name of ['listening', 'email', 'pies', 'payments'] as QueueName[]) await registry.get(name).obliterate({ force: true });
    await registry.onApplicationShutdown();
  }
  await database?.drop();
});

/** Every job waiting in a queue, by id (waiting, prioritized, delayed). */
async function queued(queue: Queue): Promise<Map<string, { name: string; data: unknown; state: string; priority: number; delay: number; attempts: number | undefined }>> {
  const jobs = new Map();
  for (const state of ['waiting', 'prioritized', 'delayed'] as const) {
    for (const job of await queue.getJobs([state], 0, -1, true)) {
      if (jobs.has(job.id)) throw new Error(`job ${job.id} twice`);
      jobs.set(job.id, { name: job.name, data: job.data, state, priority: job.priority, delay: job.delay, attempts: job.opts.attempts });
    }
  }
  return jobs;
}

describe('moving queued jobs between the queue backends', () => {
  it('Postgres → Redis: every waiting, prioritized and delayed job once in Redis and gone from Postgres; a second move adds nothing; schedules stay', async () => {
    const listening = postgres.get('listening');
    await listening.add('listening.ingest-fan', { fanId: 'a' }, { jobId: 'ingest-a' });
    await listening.add('listening.ingest-fan', { fanId: 'b' }, { jobId: 'ingest-b' });
    await listening.add('listening.import-export', { importId: 'i' }, { jobId: 'import-i', priority: 10 });
    await listening.add('listening.fetch-catalogue', {}, { jobId: 'fetch-later', delay: 60_000 });
    // Added without an id: BullMQ numbers it per backend, so it gets one saying where it came from.
    const numbered = await listening.add('listening.ingest-fan', { fanId: 'c' });
    await postgres.get('email').add('notifications.send-email', { to: 'fan@example.com' }, { jobId: 'mail-1', attempts: 7 });
    // A job scheduler's next tick: the target's workers schedule their own.
    await postgres.get('pies').upsertJobScheduler('pies.close-periods', { every: 60_000 }, { name: 'pies.close-periods', data: {} });

    const report = await moveQueuedJobs(postgres, redis, { sourceKind: 'postgres' });
    expect(report.find((q) => q.queue === 'listening')).toEqual({ queue: 'listening', moved: 5, alreadyThere: 0, scheduled: 0, active: 0 });
    expect(report.find((q) => q.queue === 'email')).toMatchObject({ moved: 1 });
    expect(report.find((q) => q.queue === 'pies')).toMatchObject({ moved: 0, scheduled: 1 });

    const moved = await queued(redis.get('listening'));
    expect([...moved.keys()].sort()).toEqual(['fetch-later', 'import-i', 'ingest-a', 'ingest-b', `moved-postgres-${numbered.id}`].sort());
    expect(moved.get('ingest-a')).toMatchObject({ name: 'listening.ingest-fan', data: { fanId: 'a' }, state: 'waiting' });
    expect(moved.get('import-i')).toMatchObject({ state: 'prioritized', priority: 10 });
    expect(moved.get('fetch-later')?.state).toBe('delayed');
    // Its remaining delay, not a fresh one (nor none).
    expect(moved.get('fetch-later')?.delay).toBeGreaterThan(50_000);
    expect(moved.get('fetch-later')?.delay).toBeLessThanOrEqual(60_000);
    expect((await queued(redis.get('email'))).get('mail-1')).toMatchObject({ data: { to: 'fan@example.com' }, attempts: 7 });
    // The waiting order is kept.
    expect((await redis.get('listening').getJobs(['waiting'], 0, -1, true)).map((job) => job.id)).toEqual(['ingest-a', 'ingest-b', `moved-postgres-${numbered.id}`]);

    expect((await queued(postgres.get('listening'))).size).toBe(0);
    expect((await queued(postgres.get('email'))).size).toBe(0);
    expect((await queued(postgres.get('pies'))).size).toBe(1);

    // Again: nothing left to move, nothing doubled.
    const again = await moveQueuedJobs(postgres, redis, { sourceKind: 'postgres' });
    expect(again.reduce((sum, q) => sum + q.moved + q.alreadyThere, 0)).toBe(0);
    expect((await queued(redis.get('listening'))).size).toBe(5);
    expect((await queued(redis.get('email'))).size).toBe(1);
  });

  it('a move that stopped half-way (the job already in the target) is finished without doubling it', async () => {
    await postgres.get('email').add('notifications.send-email', { to: 'half@example.com' }, { jobId: 'mail-half' });
    await redis.get('email').add('notifications.send-email', { to: 'half@example.com' }, { jobId: 'mail-half' });
    const report = await moveQueuedJobs(postgres, redis, { sourceKind: 'postgres', queues: ['email'] });
    expect(report).toEqual([{ queue: 'email', moved: 0, alreadyThere: 1, scheduled: 0, active: 0 }]);
    expect([...(await queued(redis.get('email'))).keys()].filter((id) => id === 'mail-half')).toHaveLength(1);
    expect((await queued(postgres.get('email'))).size).toBe(0);
  });

  it('a job waiting for its retry keeps the tries it has left and the wait before the next', async () => {
    const payments = postgres.get('payments');
    await payments.add('payments.charge', { n: 1 }, { jobId: 'charge-1' });
    const worker = postgres.backend.createWorker('payments', async () => {
      throw new Error('the provider is down');
    }, { concurrency: 1 });
    await eventually('the failed run to wait for its retry', async () => (await payments.getJob('charge-1'))?.attemptsMade === 1 && (await payments.getJob('charge-1'))?.isDelayed());
    await worker.close();
    await postgres.backend.close('worker');

    const [report] = await moveQueuedJobs(postgres, redis, { sourceKind: 'postgres', queues: ['payments'] });
    expect(report).toMatchObject({ moved: 1 });
    const moved = (await queued(redis.get('payments'))).get('charge-1');
    expect(moved).toMatchObject({ state: 'delayed', data: { n: 1 } });
    expect(moved?.attempts).toBe(postgres.backend.retry.attempts - 1);
    expect(moved?.delay).toBeGreaterThan(50_000);
    expect(moved?.delay).toBeLessThanOrEqual(60_000);
    expect((await queued(payments)).size).toBe(0);
  });

  it('a dry run counts and moves nothing; Redis → Postgres moves them back', async () => {
    const dry = await moveQueuedJobs(redis, postgres, { sourceKind: 'redis', queues: ['listening'], dryRun: true });
    expect(dry).toEqual([{ queue: 'listening', moved: 5, alreadyThere: 0, scheduled: 0, active: 0 }]);
    expect((await queued(redis.get('listening'))).size).toBe(5);
    expect((await queued(postgres.get('listening'))).size).toBe(0);

    const back = await moveQueuedJobs(redis, postgres, { sourceKind: 'redis', queues: ['listening'] });
    expect(back).toEqual([{ queue: 'listening', moved: 5, alreadyThere: 0, scheduled: 0, active: 0 }]);
    const returned = await queued(postgres.get('listening'));
    expect([...returned.keys()]).toHaveLength(5);
    expect(returned.get('import-i')).toMatchObject({ state: 'prioritized', priority: 10 });
    expect(returned.get('fetch-later')?.state).toBe('delayed');
    expect((await queued(redis.get('listening'))).size).toBe(0);
  });
});
