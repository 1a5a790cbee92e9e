import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Database, QueueRegistry } from '#pie/platform';
import { SCHEDULER_TICK_MS } from '../domain/listening.constants.js';
import { popularityComputedAt, popularityIsStale } from './compute-popularity/compute-popularity.handler.js';
import { ComputePopularity } from './compute-popularity/compute-popularity.job.js';
import { SchedulePolls } from './schedule-polls/schedule-polls.job.js';

/**
 * BullMQ job schedulers on the `listening` queue: the polling tick every minute and popularity
 * daily at 03:15 UTC. Upserting is idempotent, so every worker replica may do it at start.
 *
 * Popularity is also computed at start-up when it never was, or was more than a day ago (a fresh
 * database, or workers that were down at 03:15): without it every artist would be at 0 until the
 * next 03:15. The job's id is made from what the worker found (the last computation's time, or
 * "never"), so workers starting together queue one job; the job checks again before computing.
 */
@Injectable()
export class ListeningSchedules implements OnApplicationBootstrap {
  constructor(
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
    @Inject(Database) private readonly database: Database,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const queue = this.queues.get('listening');
    await queue.upsertJobScheduler('listening-schedule-polls', { every: SCHEDULER_TICK_MS }, { name: SchedulePolls.name, data: SchedulePolls.create({}) });
    await queue.upsertJobScheduler(
      'listening-compute-popularity',
      { pattern: '15 3 * * *', tz: 'UTC' },
      { name: ComputePopularity.name, data: ComputePopularity.create({}) },
    );
    const computedAt = await popularityComputedAt(this.database.em());
    if (popularityIsStale(computedAt)) {
      await queue.add(ComputePopularity.name, ComputePopularity.create({ atStartUp: true }), {
        jobId: `listening-compute-popularity-at-start-up-${computedAt ? computedAt.getTime() : 'never'}`,
      });
    }
  }
}
