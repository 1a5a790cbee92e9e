import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createOrm, Database, executePrepared, preparedQuery, typedDb, type Orm } from '#pie/platform';
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

describe('preparedQuery', () => {
  // A typed query over a platform table, built once with stand-ins for its values.
  const jobsOf = preparedQuery((em, { name, limit }: { name: string; limit: number }) =>
    typedDb<object>(em)
      .selectNoFrom([sql<string>`${name}::text`.as('name'), sql<number>`${limit}::int * 2`.as('twice'), sql<string>`${name}::text || '!'`.as('again')]),
  );

  it('builds once and runs each call with its own values, every stand-in in its place', async () => {
    expect(await jobsOf(db.em(), { name: 'first', limit: 2 })).toEqual([{ name: 'first', twice: 4, again: 'first!' }]);
    expect(await jobsOf(db.em(), { name: 'second', limit: 5 })).toEqual([{ name: 'second', twice: 10, again: 'second!' }]);
  });

  it('refuses a builder that changes a value before it becomes a parameter (it would be compiled into every call)', async () => {
    const changed = preparedQuery((em, { name }: { name: string }) => typedDb<object>(em).selectNoFrom([sql<string>`${`%${name}%`}::text`.as('pattern')]));
    await expect(changed(db.em(), { name: 'x' })).rejects.toThrow(/a value was changed before it became a parameter/);
    const inlined = preparedQuery((em, { name }: { name: string }) => typedDb<object>(em).selectNoFrom([sql.lit(name).as('literal')]));
    await expect(inlined(db.em(), { name: 'x' })).rejects.toThrow(/written into the text instead of a parameter/);
  });
});
