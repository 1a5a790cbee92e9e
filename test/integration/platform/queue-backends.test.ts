import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { Database, entitiesOf, MissingJobHandlerError, nestModulesOf, PlatformModule, QueueRegistry, WorkerRuntimeModule } from '#pie/platform';
import { identityModule } from '#pie/identity';
import { SendEmail } from '#pie/notifications';
import { VERIFY_EMAIL_SUBJECT } from '#pie/notifications/testing';
import { createWorkerApp } from '../../../apps/worker/src/create-worker-app.js';
import { TestPlatform, type QueueBackendChoice } from '../../support/test-platform.js';
import { makeFanRegistration } from '../../support/factories.js';
import { SmtpGate } from '../../support/smtp-gate.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';

// Both queue backends run the same guarantees (DESIGN §4): a job that fails is retried with
// exponential backoff until it succeeds, and does its work once. (fan-signup.test.ts runs the
// whole sign-up chain on both.) And a worker refuses to start with a job nobody handles.

describe.each<QueueBackendChoice>(['redis', 'postgres'])('the %s queue backend', (queues) => {
  let platform: TestPlatform;
  let sql: Sql;
  let gate: SmtpGate;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: `backends-${queues}`, queues, worker: false });
    sql = openSql(platform.database.url);
    // The mail server is down to begin with.
    gate = await SmtpGate.start(platform.sandbox.urls.smtp, 'refuse');
    platform.worker = await createWorkerApp({ ...platform.config, SMTP_URL: gate.url });
  });
  afterAll(async () => {
    await platform?.stopWorker();
    await gate?.close();
    await sql?.close();
    await platform?.close();
  });

  const emailQueue = (): Queue => platform.api.get(QueueRegistry).get(SendEmail.queue);

  it('retries a failing job with growing delays until the mail server is back, then sends the mail once', async () => {
    const registration = makeFanRegistration();
    const email = registration.email as string;
    expect((await platform.request('POST', '/api/auth/register', { body: registration })).status).toBe(201);

    // First attempt: the mail server drops the connection; the job waits (backoff) instead of failing for good.
    await gate.waitFor('refuse', 1);
    const sendId = await eventually('the e-mail job to be recorded', () =>
      sql.value<string>(`select id from platform.outbox where job_name = $1 and payload ->> 'to' = $2`, [SendEmail.name, email]),
    );
    await eventually('the failed job to wait for its retry', async () => (await (await emailQueue().getJob(sendId))?.getState()) === 'delayed');
    // Second attempt, about a second later: still down.
    await gate.waitFor('refuse', 2);
    expect(await platform.inbox.list({ to: email })).toEqual([]);
    expect(await sql.value(`select count(*)::int from platform.inbox where message_id = $1`, [sendId])).toBe(0);

    gate.mode = 'forward';
    const mail = await platform.inbox.waitForMessage({ to: email, timeoutMs: 20_000 });
    expect(mail.subject).toBe(VERIFY_EMAIL_SUBJECT);
    await eventually('the e-mail job to complete', async () => (await (await emailQueue().getJob(sendId))?.getState()) === 'completed');

    // Exponential backoff: about 1 s before the second attempt, about 2 s before the third.
    const [firstTry, secondTry, thirdTry] = gate.log.map((connection) => connection.at);
    expect(gate.log.map((connection) => connection.mode)).toEqual(['refuse', 'refuse', 'forward']);
    expect(secondTry - firstTry).toBeGreaterThanOrEqual(900);
    expect(thirdTry - secondTry).toBeGreaterThanOrEqual(1_800);
    expect((await emailQueue().getJob(sendId))?.attemptsMade).toBeGreaterThanOrEqual(2);

    // Sent once, recorded once.
    expect(await platform.inbox.list({ to: email })).toHaveLength(1);
    expect(await sql.value(`select count(*)::int from platform.inbox where message_id = $1`, [sendId])).toBe(1);
  });
});

describe('a worker whose modules declare a job no module handles', () => {
  it('refuses to start, naming the job', async () => {
    const platform = await TestPlatform.start({ label: 'missing-handler', worker: false });
    let database: Database | undefined;
    try {
      // The worker without the notifications module: `notifications.send-email` is declared (identity sends
      // mail through it) but nothing handles it. A provider keeps hold of the database to close it after.
      @Module({})
      class WorkerWithoutNotifications {
        static forRoot(): DynamicModule {
          return {
            module: WorkerWithoutNotifications,
            imports: [PlatformModule.forRoot({ config: platform.config, entities: entitiesOf([identityModule]) }), WorkerRuntimeModule, ...nestModulesOf([identityModule], 'worker')],
            providers: [{ provide: 'database-for-cleanup', inject: [Database], useFactory: (db: Database) => (database = db) }],
          };
        }
      }
      const starting = NestFactory.createApplicationContext(WorkerWithoutNotifications.forRoot(), { logger: false, abortOnError: false });
      await expect(starting).rejects.toThrow(MissingJobHandlerError);
      await expect(starting).rejects.toThrow(/No handler for job\(s\): .*email\/notifications\.send-email/);
    } finally {
      // The half-started app may still hold a pooled connection: dropping the database (with force)
      // ends it, so closing its ORM afterwards cannot wait for it.
      await platform.close();
      // Bounded: what the half-started app left running must not hold the test past its time.
      await Promise.race([database?.orm.close(true).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    }
  }, 120_000);
});

describe('the postgres queue backend under load', () => {
  it('holds one bounded pool per side in each process, not a pool per queue and per worker', async () => {
    // The ORM's pools small (DATABASE_POOL_MAX), so what is counted is mostly the queues'.
    const platform = await TestPlatform.start({ label: 'backends-connections', queues: 'postgres', env: { DATABASE_POOL_MAX: '2' } });
    const sql = openSql(platform.database.url);
    try {
      const jobs = 300;
      // Events no module listens to: the worker completes them without doing anything.
      await sql.query(
        `insert into platform.outbox (id, queue, job_name, payload)
         select gen_random_uuid(), 'events', 'testing.nothing-happened.v1', jsonb_build_object('n', n) from generate_series(1, $1::int) n`,
        [jobs],
      );
      let most = 0;
      await eventually(`${jobs} events to be processed`, async () => {
        most = Math.max(most, await sql.value<number>(`select count(*)::int from pg_stat_activity where datname = current_database()`));
        return (await platform.api.get(QueueRegistry).get('events').getJobCounts('completed')).completed >= jobs;
      }, 60_000);
      // The api: its ORM (2) and the producers' pool (4). The worker: its ORM (2), producers (4) and
      // workers (11, a LISTEN connection per queue among them). This test's own SQL: 3. BullMQ's
      // own pools, one per queue and per worker, would take a worker process alone past 60.
      expect(most).toBeGreaterThan(0);
      expect(most).toBeLessThanOrEqual(2 + 4 + 2 + 4 + 11 + 3);
    } finally {
      await sql.close();
      await platform.close();
    }
  });
});
