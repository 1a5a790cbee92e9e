import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import type { Job, Worker } from 'bullmq';
import type { MessageType, OutboxEnvelope } from '../events/domain-event.js';
import { declaredJobTypes } from '../events/message-catalogue.js';
import {
  EVENT_LISTENER_METADATA,
  JOB_HANDLER_METADATA,
  type EventListener,
  type JobHandler,
} from './handlers.js';
import { QueueBackend } from './queue-backend.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { QueueName } from './queue-names.js';

export class MissingJobHandlerError extends Error {}

interface Routes {
  jobs: Map<string, JobHandler<unknown>>;
  listeners: Map<string, { name: string; listener: EventListener<unknown> }[]>;
}

/**
 * Consumer side: one BullMQ worker per queue that has handlers, dispatching by job name.
 * Discovers `@HandlesJob` / `@ListensTo` providers at bootstrap and refuses to start
 * when a declared job has no handler or two.
 */
@Injectable()
export class QueueWorkers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(QueueWorkers.name);
  private readonly workers: Worker[] = [];
  private readonly routes = new Map<QueueName, Routes>();

  constructor(
    @Inject(DiscoveryService) private readonly discovery: DiscoveryService,
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(QueueBackend) private readonly backend: QueueBackend,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.discoverRoutes();
    this.assertEveryJobHasAHandler();
    for (const [queue, routes] of this.routes) {
      const worker = this.backend.createWorker(queue, (job) => this.dispatch(queue, routes, job), {
        concurrency: queue === 'events' ? 10 : 5,
        // A job whose worker died is picked up again once its lock expires (30 s and 15 s unless configured).
        lockDuration: this.config.QUEUE_LOCK_DURATION_MS,
        stalledInterval: this.config.QUEUE_STALLED_INTERVAL_MS,
        maxStalledCount: 3,
      });
      worker.on('failed', (job, error) =>
        this.logger.warn(`${queue}/${job?.name} ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`),
      );
      worker.on('error', (error) => this.logger.error(`${queue} worker error: ${error.message}`));
      this.workers.push(worker);
    }
    this.logger.log(`Workers started on ${this.backend.kind} for queues: ${[...this.routes.keys()].join(', ') || '(none)'}`);
  }

  async onApplicationShutdown(): Promise<void> {
    // close() waits for running jobs to finish: a SIGTERM never cuts a job in half.
    await Promise.all(this.workers.splice(0).map((worker) => worker.close()));
    await this.backend.close();
  }

  private discoverRoutes(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const { instance, metatype } = wrapper;
      if (!instance || !metatype) continue;
      const job = this.reflector.get<MessageType<unknown> | undefined>(JOB_HANDLER_METADATA, metatype);
      if (job) {
        const routes = this.routesFor(job.queue);
        if (routes.jobs.has(job.name)) {
          throw new MissingJobHandlerError(`Job ${job.queue}/${job.name} has two handlers`);
        }
        routes.jobs.set(job.name, instance as JobHandler<unknown>);
      }
      const event = this.reflector.get<MessageType<unknown> | undefined>(EVENT_LISTENER_METADATA, metatype);
      if (event) {
        const routes = this.routesFor('events');
        const list = routes.listeners.get(event.name) ?? [];
        list.push({ name: metatype.name, listener: instance as EventListener<unknown> });
        routes.listeners.set(event.name, list);
      }
    }
  }

  private assertEveryJobHasAHandler(): void {
    const missing = declaredJobTypes().filter((type) => !this.routes.get(type.queue as QueueName)?.jobs.has(type.name));
    if (missing.length > 0) {
      throw new MissingJobHandlerError(
        `No handler for job(s): ${missing.map((type) => `${type.queue}/${type.name}`).join(', ')}`,
      );
    }
  }

  private routesFor(queue: QueueName): Routes {
    let routes = this.routes.get(queue);
    if (!routes) {
      routes = { jobs: new Map(), listeners: new Map() };
      this.routes.set(queue, routes);
    }
    return routes;
  }

  private async dispatch(queue: QueueName, routes: Routes, job: Job): Promise<void> {
    const envelope = job.data as OutboxEnvelope<unknown>;
    if (queue === 'events') {
      // Every listener runs; each is idempotent, so a retry after a partial failure is safe.
      const listeners = routes.listeners.get(job.name) ?? [];
      for (const { listener } of listeners) await listener.handle(envelope);
      return;
    }
    const handler = routes.jobs.get(job.name);
    if (!handler) throw new MissingJobHandlerError(`No handler for job ${queue}/${job.name}`);
    await handler.handle(envelope.payload, { messageId: envelope.id, attemptsMade: job.attemptsMade });
  }
}
