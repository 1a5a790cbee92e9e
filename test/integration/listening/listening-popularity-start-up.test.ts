import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ComputePopularity } from '#pie/listening/testing';
import { QueueRegistry } from '#pie/platform';
import { createWorkerApp } from '../../../apps/worker/src/create-worker-app.js';
import { makeAccount } from '../../support/accounts.js';
import { eventually, openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';
import { daysAgo, makeArtist, makeTrack, seedPlays } from './listening-fixtures.js';

const NEVER_JOB = 'listening-compute-popularity-at-start-up-never';

/**
 * Popularity is computed when a worker starts and it never was (or is more than a day old), not
 * only by the daily 03:15 UTC schedule: without that, every artist sits at 0 after a first start
 * and the pie's popularity tilt changes nothing. One job for workers starting together.
 */
describe('popularity at a worker’s start', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let workers: INestApplicationContext[] = [];

  beforeAll(async () => {
    // No worker yet: each test starts its own, as a deploy would.
    platform = await TestPlatform.start({ label: 'popularity-start', worker: false });
    sql = openSql(platform.database.url);
  });
  afterEach(async () => {
    await Promise.all(workers.map((worker) => worker.close()));
    workers = [];
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  const queue = () => platform.api.get(QueueRegistry).get('listening');
  const popularity = (id: string) => sql.value<number>(`select popularity from listening.artists where id = $1`, [id]);
  const computedAt = () => sql.value<Date | undefined>(`select updated_at from listening.sync_cursors where name = 'compute-popularity'`);
  const startUpJobs = async () =>
    (await queue().getJobs(['completed', 'active', 'waiting', 'delayed', 'failed'])).filter(
      (job) => job.name === ComputePopularity.name && (job.data as { payload?: { atStartUp?: boolean } }).payload?.atStartUp === true,
    );
  const startWorker = async () => {
    const worker = await createWorkerApp(platform.config);
    workers.push(worker);
    return worker;
  };
  const finished = async (jobId: string) => eventually(`start-up job ${jobId}`, async () => (await (await queue().getJob(jobId))?.getState()) === 'completed', 20_000);

  it('keeps a popularity computed before its time was recorded: a start-up run never resets it', async () => {
    const earlier = await makeArtist(sql, { name: 'Ranked Before', popularity: 55 });
    await startWorker();
    await finished(NEVER_JOB);
    expect(await popularity(earlier)).toBe(55);
    expect(await computedAt()).toBeUndefined();
    // As if BullMQ had dropped the finished job; the database is as fresh as a first start's.
    await queue().remove(NEVER_JOB);
    await sql.query(`update listening.artists set popularity = 0 where id = $1`, [earlier]);
  });

  it('is computed when workers start and it never was, without the daily schedule, by one job for two workers', async () => {
    const hit = await makeArtist(sql, { name: 'Start Hit' });
    const niche = await makeArtist(sql, { name: 'Start Niche' });
    const [hitTrack, nicheTrack] = [await makeTrack(sql, [hit]), await makeTrack(sql, [niche])];
    const fans = [await makeAccount(sql, 'fan'), await makeAccount(sql, 'fan'), await makeAccount(sql, 'fan')];
    for (const fan of fans) await seedPlays(platform, fan.id, [{ track: hitTrack, at: daysAgo(2) }]);
    await seedPlays(platform, fans[0].id, [{ track: nicheTrack, at: daysAgo(5) }]);
    expect(await popularity(hit)).toBe(0);

    // Nobody queues ComputePopularity here: the two workers' start-up does.
    await Promise.all([startWorker(), startWorker()]);
    await eventually('popularity computed at start-up', async () => (await popularity(hit)) === 100, 20_000);
    expect(await popularity(niche)).toBeGreaterThanOrEqual(1);
    expect(await popularity(niche)).toBeLessThan(100);
    expect(await sql.value(`select listeners_28d from listening.artists where id = $1`, [hit])).toBe(3);
    expect(await computedAt()).toBeInstanceOf(Date);
    expect((await startUpJobs()).map((job) => job.id)).toEqual([NEVER_JOB]);
  });

  it('is left alone by the next start while it is less than a day old, and computed again once it is older', async () => {
    const riser = await makeArtist(sql, { name: 'Start Riser' });
    const track = await makeTrack(sql, [riser]);
    for (let n = 0; n < 4; n++) await seedPlays(platform, (await makeAccount(sql, 'fan')).id, [{ track, at: daysAgo(1) }]);

    await startWorker();
    // Recent: no start-up job is queued, so the new listening waits for the daily run.
    expect((await startUpJobs()).map((job) => job.id)).toEqual([NEVER_JOB]);
    expect(await popularity(riser)).toBe(0);
    await workers.pop()!.close();

    const dayOld = new Date(Date.now() - 25 * 60 * 60_000);
    await sql.query(`update listening.sync_cursors set updated_at = $1 where name = 'compute-popularity'`, [dayOld]);
    await startWorker();
    await finished(`listening-compute-popularity-at-start-up-${dayOld.getTime()}`);
    expect(await popularity(riser)).toBe(100);
    expect((await computedAt())!.getTime()).toBeGreaterThan(dayOld.getTime());
  });
});
