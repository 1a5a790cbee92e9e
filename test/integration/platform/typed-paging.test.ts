import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrm, Database, pageCountedApart, pageOfQuery, RateLimiter, typedDb, type Orm } from '#pie/platform';
import { createTestDatabase, type TestDatabase } from '#pie/testing';
import type { PlatformTables } from '../../../libs/platform/src/database/tables.generated.js';

// The platform's typed helpers: paging a typed query (the one pager every list uses), and the
// rate limiter's read and reset the sign-in throttle goes through.
let database: TestDatabase;
let orm: Orm;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase('typedpaging');
  orm = await createOrm({ databaseUrl: database.url, poolMax: 2 });
  db = new Database(orm);
  await typedDb<PlatformTables>(db.em())
    .insertInto('platform.rate_limits')
    .values(['a', 'b', 'c', 'd', 'e'].map((letter, i) => ({ key: `paging-probe:${letter}`, window_started_at: new Date(Date.UTC(2026, 0, 1 + i)), hits: i + 1 })))
    .execute();
});
afterAll(async () => {
  await orm?.close(true);
  await database?.drop();
});

const probes = (filter = 'paging-probe:%') =>
  typedDb<PlatformTables>(db.em()).selectFrom('platform.rate_limits').select(['key', 'hits']).where('key', 'like', filter).orderBy('hits', 'desc');

describe('pageCountedApart', () => {
  it('answers the same pages and totals as pageOfQuery, past the end and empty too', async () => {
    for (const [filter, page] of [
      ['paging-probe:%', 1],
      ['paging-probe:%', 3],
      ['paging-probe:%', 4],
      ['nothing:%', 2],
    ] as const) {
      expect(await pageCountedApart(probes(filter), { page, limit: 2 })).toEqual(await pageOfQuery(probes(filter), { page, limit: 2 }));
    }
    expect((await pageCountedApart(probes(), { page: 2, limit: 2 })).rows).toEqual([
      { key: 'paging-probe:c', hits: 3 },
      { key: 'paging-probe:b', hits: 2 },
    ]);
  });
});

describe('pageOfQuery', () => {
  it('answers a page in the query’s order with the total, and no counting column', async () => {
    expect(await pageOfQuery(probes(), { page: 1, limit: 2 })).toEqual({
      rows: [
        { key: 'paging-probe:e', hits: 5 },
        { key: 'paging-probe:d', hits: 4 },
      ],
      pagination: { page: 1, limit: 2, total: 5, pages: 3 },
    });
    expect(await pageOfQuery(probes(), { page: 3, limit: 2 })).toEqual({ rows: [{ key: 'paging-probe:a', hits: 1 }], pagination: { page: 3, limit: 2, total: 5, pages: 3 } });
  });

  it('still counts the whole list for a page past its end, and an empty list is 0 pages', async () => {
    expect(await pageOfQuery(probes(), { page: 4, limit: 2 })).toEqual({ rows: [], pagination: { page: 4, limit: 2, total: 5, pages: 3 } });
    expect(await pageOfQuery(probes('nothing:%'), { page: 2, limit: 2 })).toEqual({ rows: [], pagination: { page: 2, limit: 2, total: 0, pages: 0 } });
  });

  it('counts the groups of a grouped query, on a page and past its end', async () => {
    // Hits 1–5 by remainder of 3: three groups of 1, 2 and 2 rows. The total is 3 groups, never one group's rows.
    const byRemainder = () =>
      typedDb<PlatformTables>(db.em())
        .selectFrom('platform.rate_limits')
        .select([sql<number>`hits % 3`.as('remainder'), sql<number>`count(*)::int`.as('n')])
        .where('key', 'like', 'paging-probe:%')
        .groupBy(sql`hits % 3`)
        .orderBy('remainder');
    expect(await pageOfQuery(byRemainder(), { page: 1, limit: 2 })).toEqual({
      rows: [
        { remainder: 0, n: 1 },
        { remainder: 1, n: 2 },
      ],
      pagination: { page: 1, limit: 2, total: 3, pages: 2 },
    });
    expect(await pageOfQuery(byRemainder(), { page: 3, limit: 2 })).toEqual({ rows: [], pagination: { page: 3, limit: 2, total: 3, pages: 2 } });
  });
});

describe('RateLimiter', () => {
  it('reads the hits of the current window without counting one, forgets them on clear, and a passed window reads 0', async () => {
    const limiter = new RateLimiter(db);
    expect(await limiter.hitsInWindow('throttle-probe', 60)).toBe(0);
    await limiter.hit('throttle-probe', 100, 60);
    await limiter.hit('throttle-probe', 100, 60);
    expect(await limiter.hitsInWindow('throttle-probe', 60)).toBe(2);
    expect(await limiter.hitsInWindow('throttle-probe', 60)).toBe(2);
    await typedDb<PlatformTables>(db.em()).updateTable('platform.rate_limits').set({ window_started_at: sql`now() - interval '2 minutes'` }).where('key', '=', 'throttle-probe').execute();
    expect(await limiter.hitsInWindow('throttle-probe', 60)).toBe(0);
    await limiter.hit('throttle-probe', 100, 60);
    expect(await limiter.hitsInWindow('throttle-probe', 60)).toBe(1);
    await limiter.clear('throttle-probe');
    expect(await limiter.hitsInWindow('throttle-probe', 60)).toBe(0);
  });
});
