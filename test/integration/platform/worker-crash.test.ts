import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Queue } from 'bullmq';
import { QueueRegistry, type AppConfig } from '#pie/platform';
import { SendEmail } from '#pie/notifications';
import { VERIFY_EMAIL_SUBJECT } from '#pie/notifications/testing';
import { TestPlatform, type QueueBackendChoice } from '../../support/test-platform.js';
import { makeFanRegistration } from '../../support/factories.js';
import { SmtpGate } from '../../support/smtp-gate.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';
import { compileWorker, WorkerProcess, type CompiledWorker } from '../../support/worker-process.js';

// A worker process killed in the middle of a job (SIGKILL: no shutdown hook runs) leaves the job
// claimed; once its lock lapses another worker takes it over and finishes it, exactly once.
// The job here is the real verification e-mail: the mail server is made to hang while the first
// worker is talking to it, that worker is killed, and a second worker started on the same queues.

/** Short locks, so a dead worker's job is taken over in seconds rather than the production 30 s. */
const LOCK_MS = 2_000;
const STALLED_CHECK_MS = 1_000;

let compiled: CompiledWorker;

beforeAll(async () => {
  compiled = await compileWorker();
});
afterAll(async () => {
  await compiled?.remove();
});

describe.each<QueueBackendChoice>(['redis', 'postgres'])('a worker killed mid-job on the %s queue backend', (queues) => {
  let platform: TestPlatform;
  let sql: Sql;
  let gate: SmtpGate;
  let config: AppConfig;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    // The API in-process; the workers are separate processes, as in production.
    platform = await TestPlatform.start({ label: `crash-${queues}`, queues, worker: false });
    sql = openSql(platform.database.url);
    gate = await SmtpGate.start(platform.sandbox.urls.smtp, 'hang');
    config = {
      ...platform.config,
      SMTP_URL: gate.url,
      LOG_LEVEL: 'info',
      QUEUE_LOCK_DURATION_MS: LOCK_MS,
      QUEUE_STALLED_INTERVAL_MS: STALLED_CHECK_MS,
    };
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') {
      for (const worker of workers) console.error(`worker ${worker.pid} log:\n${worker.log.slice(-4000)}`);
    }
    await Promise.all(workers.splice(0).map((worker) => worker.kill()));
  });
  afterAll(async () => {
    await gate?.close();
    await sql?.close();
    await platform?.close();
  });

  const emailQueue = (): Queue => platform.api.get(QueueRegistry).get(SendEmail.queue);
  const startWorker = async () => {
    const worker = WorkerProcess.start(compiled, config);
    workers.push(worker);
    await worker.ready();
    return worker;
  };

  it('finishes the job once after a second worker takes it over', async () => {
    const first = await startWorker();
    const registration = makeFanRegistration();
    const email = registration.email as string;
    expect((await platform.request('POST', '/api/auth/register', { body: registration })).status).toBe(201);

    // The first worker relays the sign-up, issues the token, and starts sending the mail: the server hangs.
    await gate.waitFor('hang');
    const sendId = await sql.value<string>(`select id from platform.outbox where job_name = $1 and payload ->> 'to' = $2`, [SendEmail.name, email]);
    expect(await (await emailQueue().getJob(sendId))?.getState()).toBe('active');

    await first.kill();
    expect(first.running).toBe(false);
    // The dead worker still holds the job; nothing was sent and nothing recorded as handled.
    expect(await (await emailQueue().getJob(sendId))?.getState()).toBe('active');
    expect(await platform.inbox.list({ to: email })).toEqual([]);
    expect(await sql.value(`select count(*)::int from platform.inbox where message_id = $1`, [sendId])).toBe(0);

    // The mail server is back, and a new worker starts.
    gate.mode = 'forward';
    const second = await startWorker();
    const mail = await platform.inbox.waitForMessage({ to: email, timeoutMs: 20_000 });
    expect(mail.subject).toBe(VERIFY_EMAIL_SUBJECT);
    await eventually('the e-mail job to complete', async () => (await (await emailQueue().getJob(sendId))?.getState()) === 'completed');
    const job = await emailQueue().getJob(sendId);
    // Taken over as a stalled job (its worker died), not retried as a failure.
    expect(job?.stalledCounter).toBe(1);
    expect(job?.attemptsMade ?? 0).toBeLessThanOrEqual(1);

    // Give a duplicate every chance to show up: more than a lock period and a stalled check.
    await new Promise((resolve) => setTimeout(resolve, LOCK_MS + STALLED_CHECK_MS));
    expect(await platform.inbox.list({ to: email })).toHaveLength(1);
    expect(await sql.query(`select consumer from platform.inbox where message_id = $1`, [sendId])).toEqual([{ consumer: SendEmail.name }]);
    expect(await sql.value(`select count(*)::int from identity.email_tokens where subject_id = (select id from identity.fans where email = $1)`, [email])).toBe(1);
    expect(gate.connections.hang).toBe(1);

    // And the survivor shuts down cleanly when asked.
    const exit = await second.stop();
    expect(exit.code === 0 || exit.signal === 'SIGTERM', `exit ${JSON.stringify(exit)}:\n${second.log.slice(-2000)}`).toBe(true);
  });
});
