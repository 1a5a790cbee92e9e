import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { OutboxRelay } from './outbox/outbox-relay.js';
import { QueueWorkers } from './queues/queue-workers.js';

/** What makes a process a worker: the outbox relay and one processor per queue. */
@Module({
  imports: [DiscoveryModule],
  providers: [QueueWorkers, OutboxRelay],
  exports: [OutboxRelay],
})
export class WorkerRuntimeModule {}
