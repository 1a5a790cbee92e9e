import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { INestApplicationContext } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { Database, OutboxRelay, QueueRegistry, type OutboxEnvelope } from '#pie/platform';
import { FanRegistered } from '#pie/identity';
import { SendEmail } from '#pie/notifications';
import { createWorkerApp } from '../../../apps/worker/src/create-worker-app.js';
import { TestPlatform, type QueueBackendChoice } from '../../support/test-platform.js';
import { makeFanRegistration } from '../../support/factories.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';

// DESIGN §4: delivery is at-least-once (the relay may send a row again, BullMQ's job ids are not
// durable dedup), so every consumer is idempotent through platform.inbox; and many relays may run
// at once without sending a row twice (FOR UPDATE SKIP LOCKED).

interface OutboxRow {
  id: string;
  job_name: string;
  payload: Record<string, any>;
  occurred_at: Date;
  queue: OutboxEnvelope['queue'];
}

describe.each<QueueBackendChoice>(['redis', 'postgres'])('the outbox on the %s queue backend', (queues) => {
  let platform: TestPlatform;
  let sql: Sql;
  /** A relay of our own, driven by the test (no polling loop). */
  let relay: OutboxRelay;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: `relay-${queues}`, queues, worker: false });
    sql = openSql(platform.database.url);
    relay = new OutboxRelay(platform.api.get(Database), platform.api.get(QueueRegistry), platform.config);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  const queue = (name: OutboxEnvelope['queue']): Queue => platform.api.get(QueueRegistry).get(name);
  const startWorker = async () => {
    platform.worker ??= await createWorkerApp(platform.config);
  };
  const outboxRows = (jobName: string, where = 'true', params: unknown[] = []) =>
    sql.query<OutboxRow>(`select id, queue, job_name, payload, occurred_at from platform.outbox where job_name = $1 and ${where} order by occurred_at`, [jobName, ...params]);
  /** The job the relay would send for an outbox row, as it sends it. */
  const envelopeOf = (row: OutboxRow): OutboxEnvelope => ({
    id: row.id,
    queue: row.queue,
    name: row.job_name,
    payload: row.payload,
    occurredAt: new Date(row.occurred_at).toISOString(),
  });
  const completed = (queueName: OutboxEnvelope['queue'], jobId: string) =>
    eventually(`job ${queueName}/${jobId} to complete`, async () => (await (await queue(queueName).getJob(jobId))?.getState()) === 'completed');

  async function registerFan() {
    const registration = makeFanRegistration();
    const email = registration.email as string;
    const response = await platform.request('POST', '/api/auth/register', { body: registration });
    expect(response.status).toBe(201);
    const fanId = await sql.value<string>(`select id from identity.fans where email = $1`, [email]);
    const [event] = await outboxRows(FanRegistered.name, `payload ->> 'fanId' = $2`, [fanId]);
    expect(event).toBeDefined();
    return { email, fanId, event };
  }

  /** What a fan notices (mail) and what the database keeps (one token, one inbox row per consumer). */
  async function expectProcessedOnce(fan: { email: string; fanId: string; event: OutboxRow }) {
    const mails = await platform.inbox.list({ to: fan.email });
    expect(mails.map((mail) => mail.to[0]?.address)).toEqual([fan.email]);
    expect(await sql.value(`select count(*)::int from identity.email_tokens where subject_id = $1`, [fan.fanId])).toBe(1);
    const sends = await outboxRows(SendEmail.name, `payload ->> 'to' = $2`, [fan.email]);
    expect(sends).toHaveLength(1);
    const inbox = await sql.query(`select consumer, message_id from platform.inbox where message_id = any($1::uuid[])`, [[fan.event.id, sends[0].id]]);
    expect(inbox).toHaveLength(2);
    expect(inbox).toEqual(
      expect.arrayContaining([
        { consumer: SendEmail.name, message_id: sends[0].id },
        { consumer: expect.stringMatching(/FanRegistered/), message_id: fan.event.id },
      ]),
    );
  }

  it('processes an event the relay sends twice only once: one token, one e-mail', async () => {
    await platform.stopWorker();
    const fan = await registerFan();

    expect(await relay.relayBatch()).toBe(1);
    expect(await relay.relayBatch()).toBe(0);
    // The relay crashed after sending but before marking the row published: it sends it again.
    await sql.query(`update platform.outbox set published_at = null where id = $1`, [fan.event.id]);
    expect(await relay.relayBatch()).toBe(1);

    await startWorker();
    await platform.inbox.waitForMessage({ to: fan.email, timeoutMs: 20_000 });
    await completed('events', fan.event.id);
    const [send] = await outboxRows(SendEmail.name, `payload ->> 'to' = $2`, [fan.email]);
    await completed('email', send.id);

    // Days later the finished jobs have left BullMQ (bounded retention), and the rows are sent once more.
    expect(await queue('events').remove(fan.event.id)).toBe(1);
    expect(await queue('email').remove(send.id)).toBe(1);
    await sql.query(`update platform.outbox set published_at = null where id = any($1::uuid[])`, [[fan.event.id, send.id]]);
    await eventually('the relay to send the rows again', async () => (await sql.value(`select count(*)::int from platform.outbox where published_at is null`)) === 0);
    await completed('events', fan.event.id);
    await completed('email', send.id);

    await expectProcessedOnce(fan);
  });

  it('processes the same event delivered twice at the same moment only once', async () => {
    await platform.stopWorker();
    const fan = await registerFan();
    expect(await relay.relayBatch()).toBe(1);
    // A second copy under another job id: BullMQ cannot tell it is the same message, only the inbox can.
    await queue('events').add(fan.event.job_name, envelopeOf(fan.event), { jobId: `${fan.event.id}-again` });
    expect(await queue('events').getJobCounts('waiting')).toMatchObject({ waiting: 2 });
    // And the listener's own job, twice, under other ids (as a fan-out repeated after its jobs were removed would add it).
    const listenerJob = { ...envelopeOf(fan.event), consumer: 'SendVerificationEmailOnFanRegisteredListener' };
    await queue('email').add(fan.event.job_name, listenerJob, { jobId: `${fan.event.id}-listener-again` });
    await queue('email').add(fan.event.job_name, listenerJob, { jobId: `${fan.event.id}-listener-once-more` });

    // All copies wait; the worker (10 events, 5 e-mail jobs at a time) starts them together.
    await startWorker();
    await completed('events', fan.event.id);
    await completed('events', `${fan.event.id}-again`);
    await completed('email', `${fan.event.id}-listener-again`);
    await completed('email', `${fan.event.id}-listener-once-more`);
    const send = await eventually('the verification e-mail to be queued', async () => (await outboxRows(SendEmail.name, `payload ->> 'to' = $2`, [fan.email]))[0]);
    await completed('email', send.id);
    // And the e-mail job delivered twice more, both copies at once.
    await Promise.all([
      queue('email').add(send.job_name, envelopeOf(send), { jobId: `${send.id}-again` }),
      queue('email').add(send.job_name, envelopeOf(send), { jobId: `${send.id}-once-more` }),
    ]);
    await completed('email', `${send.id}-again`);
    await completed('email', `${send.id}-once-more`);

    await expectProcessedOnce(fan);
  });

  it('publishes each row exactly once when many relays run at the same moment', async () => {
    await platform.stopWorker();
    const rows = 500;
    // Two worker processes' worth of relays (each its own connection pool).
    const workers: INestApplicationContext[] = [await createWorkerApp(platform.config), await createWorkerApp(platform.config)];
    try {
      const relays = workers.map((worker) => worker.get(OutboxRelay));
      // Their polling stopped (as on shutdown): the test drives the relays and counts what they did.
      await Promise.all(relays.map((r) => r.onApplicationShutdown()));
      // Every time a row is marked published, the database notes it (and in which transaction).
      await sql.query(`create table public.publications (id uuid not null, txid bigint not null default txid_current())`);
      await sql.query(`create function public.note_publication() returns trigger language plpgsql as $$
        begin insert into public.publications (id) values (new.id); return new; end $$`);
      await sql.query(`create trigger note_publication after update of published_at on platform.outbox
        for each row when (new.published_at is not null) execute function public.note_publication()`);
      // Events no module listens to: the workers complete them without doing anything.
      await sql.query(
        `insert into platform.outbox (id, queue, job_name, payload)
         select gen_random_uuid(), 'events', 'testing.nothing-happened.v1', jsonb_build_object('n', n) from generate_series(1, $1::int) n`,
        [rows],
      );

      // Six relays at once, three on each worker.
      const firstRound = await Promise.all([...relays, ...relays, ...relays].map((r) => r.relayBatch()));
      const secondRound = await Promise.all([...relays, ...relays].map((r) => r.relayBatch()));

      // Every row went out in the first round, in several batches (at most 200 rows each)…
      expect(await sql.value(`select count(*)::int from platform.outbox where published_at is null`)).toBe(0);
      expect(Math.max(...firstRound)).toBeLessThanOrEqual(200);
      expect(firstRound.reduce((sum, n) => sum + n, 0)).toBe(rows);
      expect(firstRound.filter((n) => n > 0).length).toBeGreaterThanOrEqual(3);
      expect(secondRound).toEqual(secondRound.map(() => 0));
      // …and no row was published twice.
      expect(await sql.query(`select count(*)::int as publications, count(distinct id)::int as rows, count(distinct txid)::int as batches from public.publications`)).toEqual([
        { publications: rows, rows, batches: expect.any(Number) },
      ]);
      expect(await sql.value(`select count(distinct txid)::int from public.publications`)).toBeGreaterThanOrEqual(3);
      // Every row reached the queue and was processed.
      await eventually(`${rows} events to be processed`, async () => {
        const counts = await queue('events').getJobCounts('completed', 'failed');
        expect(counts.failed).toBe(0);
        return counts.completed >= rows;
      });
    } finally {
      await Promise.all(workers.map((worker) => worker.close()));
    }
  });
});
