import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { QueueRegistry } from '#pie/platform';
import { SCHEDULER_TICK_MS } from '../domain/listening.constants.js';
import { ComputePopularity } from './compute-popularity/compute-popularity.job.js';
import { SchedulePolls } from './schedule-polls/schedule-polls.job.js';

/**
 * BullMQ job schedulers on the `listening` queue: the polling tick every minute and popularity
 * daily at 03:15 UTC. Upserting is idempotent, so every worker replica may do it at start.
 */
@Injectable()
export class ListeningSchedules implements OnApplicationBootstrap {
  constructor(@Inject(QueueRegistry) private readonly queues: QueueRegistry) {}

  async onApplicationBootstrap(): Promise<void> {
    const queue = this.queues.get('listening');
    await queue.upsertJobScheduler('listening-schedule-polls', { every: SCHEDULER_TICK_MS }, { name: SchedulePolls.name, data: SchedulePolls.create({}) });
    await queue.upsertJobScheduler(
      'listening-compute-popularity',
      { pattern: '15 3 * * *', tz: 'UTC' },
      { name: ComputePopularity.name, data: ComputePopularity.create({}) },
    );
  }
}
