import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrm, Database, defineEvent, insertIntoOutbox, migrateUp, type Orm } from '#pie/platform';
import { migrations } from '#pie/migrations';
import { createTestDatabase, type TestDatabase } from '#pie/testing';

// insertIntoOutbox: the batch writers' way into the outbox (the period close records a thousand
// events per transaction). Its rows must be exactly what the relay reads, and exist exactly when
// the transaction that wrote them commits.
const ProbeHappened = defineEvent<{ n: number; note: string }>('probe.probe-happened.v1');

let database: TestDatabase;
let orm: Orm;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase('outbox-batch');
  orm = await createOrm({ databaseUrl: database.url, migrations, poolMax: 2 });
  await migrateUp(orm);
  db = new Database(orm);
});
afterAll(async () => {
  await orm?.close(true);
  await database?.drop();
});

const rows = () =>
  db.em().execute<{ id: string; queue: string; job_name: string; payload: { n: number; note: string }; occurred_at: Date; published_at: Date | null }[]>(
    `select id, queue, job_name, payload, occurred_at, published_at from platform.outbox order by (payload ->> 'n')::int`,
  );

describe('insertIntoOutbox', () => {
  it('writes every message in one statement, as the relay reads them, payloads intact', async () => {
    // Notes with what an array literal must escape (quotes, backslashes, commas, braces) and more.
    const notes = ['plain', 'say "hi"', 'back\\slash', 'a,b {c}', 'NULL', 'émoji 🎵', ''];
    const messages = notes.map((note, n) => ProbeHappened.create({ n, note }));
    await db.transaction((tx) => insertIntoOutbox(tx, messages));
    const written = await rows();
    expect(written.map((row) => row.payload)).toEqual(notes.map((note, n) => ({ n, note })));
    expect(written.map((row) => row.id)).toEqual(messages.map((m) => m.id));
    for (const [i, row] of written.entries()) {
      expect(row).toMatchObject({ queue: ProbeHappened.queue, job_name: ProbeHappened.name, published_at: null });
      expect(new Date(row.occurred_at).toISOString()).toBe(messages[i].occurredAt);
    }
    await db.em().execute(`delete from platform.outbox`);
  });

  it('leaves nothing when the transaction that wrote them rolls back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await insertIntoOutbox(tx, [ProbeHappened.create({ n: 1, note: 'rolled back' })]);
        throw new Error('the change that caused it failed');
      }),
    ).rejects.toThrow('the change that caused it failed');
    expect(await rows()).toEqual([]);
  });

  it('refuses to write outside a transaction, where the message would outlive a failed change', async () => {
    await expect(insertIntoOutbox(db.em(), [ProbeHappened.create({ n: 1, note: 'alone' })])).rejects.toThrow(/inside one/);
    expect(await rows()).toEqual([]);
  });
});
