import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { QueueRegistry } from '#pie/platform';
import { SchedulePeriodCloses } from './schedule-period-closes/schedule-period-closes.job.js';

export const CLOSE_TICK_MS = 60_000;

/** The `pies` queue's job scheduler: every minute, queue the closes of ended periods. Idempotent upsert. */
@Injectable()
export class PiesSchedules implements OnApplicationBootstrap {
  constructor(@Inject(QueueRegistry) private readonly queues: QueueRegistry) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queues
      .get('pies')
      .upsertJobScheduler('pies-schedule-period-closes', { every: CLOSE_TICK_MS }, { name: SchedulePeriodCloses.name, data: SchedulePeriodCloses.create({}) });
  }
}
