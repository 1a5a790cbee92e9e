import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { PruneGrowingTablesHandler, PruneSchedule } from './maintenance/prune-growing-tables.js';
import { OutboxRelay } from './outbox/outbox-relay.js';
import { QueueWorkers } from './queues/queue-workers.js';
import { WorkerHeartbeat } from './health/worker-heartbeat.js';
import { WorkerHttp } from './health/worker-http.js';

/** What makes a process a worker: the outbox relay, one processor per queue, the upkeep of growing tables, its heartbeat and its health/metrics endpoint. */
@Module({
  imports: [DiscoveryModule],
  providers: [QueueWorkers, OutboxRelay, PruneGrowingTablesHandler, PruneSchedule, WorkerHeartbeat, WorkerHttp],
  exports: [OutboxRelay, PruneGrowingTablesHandler, WorkerHeartbeat, WorkerHttp],
})
export class WorkerRuntimeModule {}
