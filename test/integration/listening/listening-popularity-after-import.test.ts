import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ComputePopularity, ImportExport, POPULARITY_AFTER_IMPORT } from '#pie/listening/testing';
import { QueueRegistry } from '#pie/platform';
import { logIn, makeAccount } from '../../support/accounts.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { daysAgo, makeArtist, makeTrack, seedPlays } from './listening-fixtures.js';

/**
 * On a fresh start the worker computes popularity before any listening is in (issue 29 item 11):
 * every artist sat at 0, and the pie's popularity tilt changed nothing until the daily 03:15 UTC
 * run. An import that finishes queues one recomputation a little later, shared by every import
 * finishing meanwhile.
 */
// `npm start` runs the queues on Postgres; production on Redis: the deduplication must hold on both.
describe.each(['postgres', 'redis'] as const)('popularity after an import finishes (queues on %s)', (queues) => {
  let platform: TestPlatform;
  let sql: Sql;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: `popularity-import-${queues}`, queues });
    sql = openSql(platform.database.url);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  const queue = () => platform.api.get(QueueRegistry).get('listening');
  const popularity = (id: string) => sql.value<number>(`select popularity from listening.artists where id = $1`, [id]);
  const recomputations = async () =>
    (await queue().getJobs(['delayed', 'waiting', 'active', 'completed'])).filter(
      (job) => job.name === ComputePopularity.name && job.opts.deduplication?.id === POPULARITY_AFTER_IMPORT.deduplicationId,
    );

  async function uploadAndFinish(rows: { endTime: string; artistName: string; trackName: string; msPlayed: number }[]) {
    const fan = await makeAccount(sql, 'fan');
    const { cookies } = await logIn(platform, fan);
    const created = await platform.request('POST', '/api/listening/imports', { cookies, body: { fileName: 'StreamingHistory0.json', totalChunks: 1, rows } });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    await eventually(
      `import ${created.body.data.id}`,
      async () => (await platform.request('GET', `/api/listening/imports/${created.body.data.id}`, { cookies })).body.data.status === 'completed',
      60_000,
      100,
    );
  }

  const basicRow = (at: Date, artistName: string, trackName: string) => ({ endTime: at.toISOString().slice(0, 16).replace('T', ' '), artistName, trackName, msPlayed: 180_000 });

  it('queues one recomputation for imports finishing together, and the tilt then has popularity to work with', async () => {
    // The worker's start-up run has happened on an empty catalogue.
    await eventually('start-up popularity', async () => (await sql.value<Date | undefined>(`select updated_at from listening.sync_cursors where name = 'compute-popularity'`)) !== undefined, 20_000);
    // Then the listening arrives, as on a fresh `npm start`: polls' plays (trusted) and uploads.
    const hit = await makeArtist(sql, { name: 'Import Hit' });
    const niche = await makeArtist(sql, { name: 'Import Niche' });
    const [hitTrack, nicheTrack] = [await makeTrack(sql, [hit]), await makeTrack(sql, [niche])];
    const listeners = [await makeAccount(sql, 'fan'), await makeAccount(sql, 'fan'), await makeAccount(sql, 'fan')];
    for (const fan of listeners) await seedPlays(platform, fan.id, [{ track: hitTrack, at: daysAgo(2) }]);
    await seedPlays(platform, listeners[0].id, [{ track: nicheTrack, at: daysAgo(3) }]);
    expect([await popularity(hit), await popularity(niche)]).toEqual([0, 0]);
    expect(await recomputations()).toEqual([]);

    await uploadAndFinish([basicRow(daysAgo(1), 'Upload Band', 'Upload Song')]);
    // Queued just after the import's commit (which the progress shows).
    const [queued] = await eventually('a recomputation queued by the finished import', async () => {
      const jobs = await recomputations();
      return jobs.length > 0 ? jobs : undefined;
    });
    expect(await queued!.getState()).toBe('delayed');
    expect(queued!.opts.delay).toBe(POPULARITY_AFTER_IMPORT.delayMs);
    expect(await queue().getDeduplicationJobId(POPULARITY_AFTER_IMPORT.deduplicationId)).toBe(queued!.id);

    // A second import finishing while it waits shares it (its job has returned, so it has asked).
    await uploadAndFinish([basicRow(daysAgo(1), 'Another Upload Band', 'Another Song')]);
    await eventually('the second import’s job has returned', async () => (await queue().getJobs(['active', 'waiting'])).every((job) => job.name !== ImportExport.name));
    expect((await recomputations()).map((job) => job.id)).toEqual([queued!.id]);
    expect([await popularity(hit), await popularity(niche)]).toEqual([0, 0]);

    // Its time comes (promoted here rather than waited for).
    await queued!.promote();
    await eventually('popularity recomputed after the imports', async () => (await popularity(hit)) === 100, 20_000);
    expect(await popularity(niche)).toBeGreaterThanOrEqual(1);
    expect(await popularity(niche)).toBeLessThan(100);

    // Once it ran, the next finished import queues a new one.
    await eventually('the recomputation finished', async () => (await queued!.getState()) === 'completed', 20_000);
    await uploadAndFinish([basicRow(daysAgo(1), 'Third Upload Band', 'Third Song')]);
    const next = await eventually('a new recomputation', async () => {
      const jobs = (await recomputations()).filter((job) => job.id !== queued!.id);
      return jobs.length > 0 ? jobs : undefined;
    });
    expect(next).toHaveLength(1);
    expect(await next[0]!.getState()).toBe('delayed');
  });
});
