import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { PruneGrowingTablesHandler, PruneSchedule } from './maintenance/prune-growing-tables.js';
import { OutboxRelay } from './outbox/outbox-relay.js';
import { QueueWorkers } from './queues/queue-workers.js';

/** What makes a process a worker: the outbox relay, one processor per queue, and the upkeep of growing tables. */
@Module({
  imports: [DiscoveryModule],
  providers: [QueueWorkers, OutboxRelay, PruneGrowingTablesHandler, PruneSchedule],
  exports: [OutboxRelay, PruneGrowingTablesHandler],
})
export class WorkerRuntimeModule {}
