import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrm, Database, executePrepared, type Orm } from '#pie/platform';
import { createTestDatabase, type TestDatabase } from '#pie/testing';

// One pooled connection, so every statement below meets the same Postgres backend.
let database: TestDatabase;
let orm: Orm;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase('prepared');
  orm = await createOrm({ databaseUrl: database.url, poolMax: 1 });
  db = new Database(orm);
});
afterAll(async () => {
  await orm?.close(true);
  await database?.drop();
});

const SUM = 'select $1::int + $2::int as n, $3::text as label';

describe('executePrepared', () => {
  it('answers each call with its own values from one statement the connection prepared once', async () => {
    expect(await executePrepared(db.em(), SUM, [40, 2, 'first'])).toEqual([{ n: 42, label: 'first' }]);
    expect(await executePrepared(db.em(), SUM, [1, 1, 'second'])).toEqual([{ n: 2, label: 'second' }]);
    const prepared = await db.em().execute<{ n: string }[]>(`select count(*) as n from pg_prepared_statements where statement = ?`, [SUM]);
    expect(Number(prepared[0].n)).toBe(1);
  });

  it("runs inside a transaction on the transaction's own connection, seeing its uncommitted writes", async () => {
    const seen = await db.transaction(async (tx) => {
      await tx.execute(`create temporary table prepared_probe (id int) on commit drop`);
      await tx.execute(`insert into prepared_probe values (7)`);
      return executePrepared<{ id: number }>(tx, 'select id from prepared_probe where id = $1', [7]);
    });
    expect(seen).toEqual([{ id: 7 }]);
  });

  it('refuses bad input as Postgres does, and the connection goes on answering', async () => {
    await expect(executePrepared(db.em(), SUM, ['not a number', 1, 'x'])).rejects.toThrow(/invalid input syntax for type integer/);
    expect(await executePrepared(db.em(), SUM, [3, 4, 'after'])).toEqual([{ n: 7, label: 'after' }]);
  });
});
