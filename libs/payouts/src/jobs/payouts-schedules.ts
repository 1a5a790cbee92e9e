import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { QueueRegistry } from '#pie/platform';
import { ExpireEscrow } from './expire-escrow/expire-escrow.job.js';
import { SweepTransfers } from './sweep-transfers/sweep-transfers.job.js';

/**
 * BullMQ job schedulers: the transfer sweep daily at 22:00 UTC (late enough on the month's last
 * day to be its month-end transfer) and the escrow check daily at 04:30 UTC. Upserting is
 * idempotent, so every worker replica may do it at start.
 */
@Injectable()
export class PayoutsSchedules implements OnApplicationBootstrap {
  constructor(@Inject(QueueRegistry) private readonly queues: QueueRegistry) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queues.get('payments').upsertJobScheduler('payouts-sweep-transfers', { pattern: '0 22 * * *', tz: 'UTC' }, { name: SweepTransfers.name, data: SweepTransfers.create({}) });
    await this.queues.get('escrow').upsertJobScheduler('payouts-expire-escrow', { pattern: '30 4 * * *', tz: 'UTC' }, { name: ExpireEscrow.name, data: ExpireEscrow.create({}) });
  }
}
