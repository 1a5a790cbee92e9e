import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Inject, Injectable, Module, type DynamicModule, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  Database,
  defineEvent,
  entitiesOf,
  handleOnce,
  ListensTo,
  nestModulesOf,
  PlatformModule,
  recordInOutbox,
  WorkerRuntimeModule,
  type AppConfig,
  type EventListener,
  type ListenerContext,
  type OutboxEnvelope,
} from '#pie/platform';
import { modules } from '#pie/modules';
import { TestPlatform, type QueueBackendChoice } from '../../support/test-platform.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';
import { compileWorker, envFor, type CompiledWorker } from '../../support/worker-process.js';
import { parseMetrics, samplesOf } from '../../support/metrics.js';

// One job per listener (issue 9): an event with three listeners, one of which keeps failing. The two
// others complete once and are never re-run by its retries; the failing one retries on its own, ends
// dead (kept with its payload and last error, counted by /api/health), and `npm run jobs:retry` runs
// it again once it is fixed. Every effect happens exactly once. On both queue backends.

const SomethingHappened = defineEvent<{ what: string }>('testing.something-happened.v1');
const ATTEMPTS = 3;

/** Whether the third listener's dependency is down (in this process: the worker runs in-process). */
const outage = { down: true };

function listener(consumer: string, queue: 'listening' | 'pies' | 'admin', fails = false) {
  @Injectable()
  @ListensTo(SomethingHappened, { consumer, queue })
  class TestListener implements EventListener<{ what: string }> {
    constructor(@Inject(Database) readonly database: Database) {}

    async handle(event: OutboxEnvelope<{ what: string }>, context: ListenerContext): Promise<void> {
      // Every run is counted outside the effect's transaction, so a re-run shows even when it changes nothing.
      await this.database.em().execute(`insert into public.listener_runs (consumer, event_id) values (?, ?)`, [context.consumer, event.id]);
      await handleOnce(this.database.em(), context.consumer, event.id, async (em) => {
        if (fails && outage.down) throw new Error('The mail provider is down');
        await em.execute(`insert into public.listener_effects (consumer, event_id) values (?, ?)`, [context.consumer, event.id]);
      });
    }
  }
  return TestListener;
}

const RecordsA = listener('testing.record-a', 'listening');
const RecordsB = listener('testing.record-b', 'pies');
const FailsUntilFixed = listener('testing.fails-until-fixed', 'admin', true);

@Module({ providers: [RecordsA, RecordsB, FailsUntilFixed] })
class TestListenersModule {}

function workerWithTestListeners(config: AppConfig): DynamicModule {
  @Module({})
  class TestWorkerModule {}
  return {
    module: TestWorkerModule,
    imports: [PlatformModule.forRoot({ config, entities: entitiesOf(modules) }), WorkerRuntimeModule, ...nestModulesOf(modules, 'worker'), TestListenersModule],
  };
}

/** Runs the real `jobs:retry` script (compiled like the worker) and returns what it printed. */
function jobsRetry(compiled: CompiledWorker, config: AppConfig, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [compiled.script('jobs-retry'), ...args], { env: { PATH: process.env.PATH ?? '', ...envFor(config) } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

let compiled: CompiledWorker;
beforeAll(async () => {
  compiled = await compileWorker();
});
afterAll(async () => {
  await compiled?.remove();
});

const METRICS_TOKEN = 'listener-isolation-scrape-token';

describe.each<QueueBackendChoice>(['redis', 'postgres'])('three listeners of one event on the %s queue backend', (queues) => {
  let platform: TestPlatform;
  let worker: INestApplicationContext;
  let sql: Sql;

  /** pie_queue_jobs{state="dead"} per queue, from the metrics scrape. */
  const deadJobsByQueue = async () => {
    const scrape = await platform.request('GET', '/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scrape.status).toBe(200);
    return Object.fromEntries(samplesOf(parseMetrics(String(scrape.body)), 'pie_queue_jobs', { state: 'dead' }).map((sample) => [sample.labels.queue, sample.value]));
  };

  beforeAll(async () => {
    platform = await TestPlatform.start({
      label: `listeners-${queues}`,
      queues,
      worker: false,
      // Three runs, 100 ms then 200 ms apart: the production policy (40 runs over about 29 hours), shortened.
      env: { QUEUE_RETRY_ATTEMPTS: String(ATTEMPTS), QUEUE_BACKOFF_BASE_MS: '100', QUEUE_BACKOFF_MAX_MS: '200', METRICS_TOKEN },
    });
    sql = openSql(platform.database.url);
    await sql.query(`create table public.listener_runs (consumer text not null, event_id uuid not null, at timestamptz not null default clock_timestamp())`);
    await sql.query(`create table public.listener_effects (consumer text not null, event_id uuid not null)`);
    worker = await NestFactory.createApplicationContext(workerWithTestListeners(platform.config), { logger: false, abortOnError: false });
    await worker.init();
  });
  afterAll(async () => {
    await worker?.close();
    await sql?.close();
    await platform?.close();
  });

  const runs = (consumer: string) => sql.value<number>(`select count(*)::int from public.listener_runs where consumer = $1`, [consumer]);
  const effects = () => sql.query<{ consumer: string; n: number }>(`select consumer, count(*)::int as n from public.listener_effects group by consumer order by consumer`);

  it('completes the others once, keeps the failing one as dead, and runs it once more after jobs:retry', async () => {
    outage.down = true;
    const event = SomethingHappened.create({ what: 'a fan did something' });
    await platform.api.get(Database).transaction(async (em) => recordInOutbox(em, event));

    // The failing listener uses up its runs and is kept as dead, with its payload and last error…
    const dead = await eventually('the failing listener to be kept as dead', async () => {
      const [row] = await sql.query(`select queue, job_id, job_name, data, error, attempts from platform.dead_jobs where requeued_at is null`);
      return row;
    });
    expect(dead).toMatchObject({
      queue: 'admin',
      job_id: `${event.id}.testing.fails-until-fixed`,
      job_name: SomethingHappened.name,
      data: { id: event.id, consumer: 'testing.fails-until-fixed', payload: { what: 'a fan did something' } },
      attempts: ATTEMPTS,
    });
    expect(dead.error).toContain('The mail provider is down');
    expect(await runs('testing.fails-until-fixed')).toBe(ATTEMPTS);

    // …while the two others ran once each, and its retries never ran them again.
    expect(await runs('testing.record-a')).toBe(1);
    expect(await runs('testing.record-b')).toBe(1);
    expect(await effects()).toEqual([
      { consumer: 'testing.record-a', n: 1 },
      { consumer: 'testing.record-b', n: 1 },
    ]);

    // The metrics show it, per queue.
    expect(await deadJobsByQueue()).toMatchObject({ admin: 1, listening: 0, pies: 0 });

    // Listing changes nothing; once the dependency is back, jobs:retry puts it back on its queue.
    const listing = await jobsRetry(compiled, platform.config, ['admin']);
    expect(listing.output).toContain(`admin/${event.id}.testing.fails-until-fixed`);
    expect(listing.code).toBe(0);
    outage.down = false;
    const retry = await jobsRetry(compiled, platform.config, ['admin', '--all']);
    expect(retry.output, retry.output).toContain(`re-queued admin/${event.id}.testing.fails-until-fixed`);
    expect(retry.code).toBe(0);

    await eventually('the re-queued listener to complete', async () => (await effects()).length === 3);
    expect(await effects()).toEqual([
      { consumer: 'testing.fails-until-fixed', n: 1 },
      { consumer: 'testing.record-a', n: 1 },
      { consumer: 'testing.record-b', n: 1 },
    ]);
    expect(await runs('testing.fails-until-fixed')).toBe(ATTEMPTS + 1);
    expect(await runs('testing.record-a')).toBe(1);
    expect(await deadJobsByQueue()).toMatchObject({ admin: 0, listening: 0, pies: 0 });
    expect(await sql.value(`select count(*)::int from platform.dead_jobs where requeued_at is not null`)).toBe(1);

    // A second retry finds nothing to do.
    expect((await jobsRetry(compiled, platform.config, ['admin', '--all'])).output).toContain('No dead job matched.');
    expect(await effects()).toHaveLength(3);
  });
});
