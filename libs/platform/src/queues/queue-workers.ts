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
  type ListenerRegistration,
} from './handlers.js';
import { QueueBackend, withTimeout } from './queue-backend.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { QueueName } from './queue-names.js';
import { QueueRegistry } from './queue-registry.js';
import { DeadJobs } from './dead-jobs.js';
import { Metrics } from '../metrics/metrics.js';
import { QuietLog, safeMessage } from '../logging/quiet-log.js';
import { outageOf } from '../errors/outage.js';

export class MissingJobHandlerError extends Error {}

/** A listener's job: the event's envelope and which listener it is for. */
export type ListenerJobData = OutboxEnvelope<unknown> & { consumer: string };

interface Routes {
  jobs: Map<string, JobHandler<unknown>>;
  /** Listeners whose jobs run on this queue, by consumer key. */
  listeners: Map<string, EventListener<unknown>>;
}

/**
 * Consumer side: one BullMQ worker per queue that has handlers, dispatching by job name.
 * Discovers `@HandlesJob` / `@ListensTo` providers at bootstrap and refuses to start
 * when a declared job has no handler or two, or two listeners share a consumer key.
 *
 * Events fan out: the `events` job of an event adds one job per listener on the listener's own
 * queue (job id `<event id>.<consumer>`), so each listener retries on its own. A job that fails
 * its last retry is kept in platform.dead_jobs.
 */
@Injectable()
export class QueueWorkers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(QueueWorkers.name);
  /** Connection errors and jobs failing for an outage: a line when it starts, a summary a minute, a line when it ends. */
  private readonly quiet = new QuietLog(this.logger);
  private readonly workers: Worker[] = [];
  private readonly routes = new Map<QueueName, Routes>();
  /** Every listener of each event name. */
  private readonly listenersOfEvent = new Map<string, ListenerRegistration[]>();

  constructor(
    @Inject(DiscoveryService) private readonly discovery: DiscoveryService,
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(QueueBackend) private readonly backend: QueueBackend,
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
    @Inject(DeadJobs) private readonly deadJobs: DeadJobs,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(Metrics) private readonly metrics: Metrics,
  ) {}

  /** Every queue processor of this process is running (a closing or broken one is not). */
  get running(): boolean {
    return this.workers.length > 0 && this.workers.every((worker) => worker.isRunning());
  }

  onApplicationBootstrap(): void {
    this.discoverRoutes();
    this.assertEveryJobHasAHandler();
    // The fan-out runs even with no listener loaded: an event nobody listens to completes.
    this.routesFor('events');
    for (const [queue, routes] of this.routes) {
      const worker = this.backend.createWorker(queue, (job) => this.process(queue, routes, job), {
        concurrency: queue === 'events' ? 10 : 5,
        // A job whose worker died is picked up again once its lock expires (30 s and 15 s unless configured).
        lockDuration: this.config.QUEUE_LOCK_DURATION_MS,
        stalledInterval: this.config.QUEUE_STALLED_INTERVAL_MS,
        maxStalledCount: 3,
      });
      worker.on('failed', (job, error) => {
        const outage = outageOf(error);
        if (outage) this.quiet.failure(`jobs (${outage} unavailable)`, error);
        else this.logger.warn(`${queue}/${job?.name} ${job?.id} failed (attempt ${job?.attemptsMade}): ${safeMessage(error)}`);
        // Failures the processor never saw (a job that stalled too often) are kept as dead here.
        if (job) void this.keepIfDead(queue, job, error);
      });
      worker.on('error', (error) => this.quiet.failure(`${queue} queue connection`, error));
      // A job done means the backend and the database answer again.
      worker.on('completed', () => {
        this.quiet.success(`${queue} queue connection`);
        this.quiet.success('jobs (database unavailable)');
        this.quiet.success('jobs (queue backend unavailable)');
      });
      this.workers.push(worker);
    }
    this.logger.log(`Workers started on ${this.backend.kind} for queues: ${[...this.routes.keys()].join(', ') || '(none)'}`);
  }

  async onApplicationShutdown(): Promise<void> {
    // close() waits for running jobs to finish: a SIGTERM never cuts a job in half.
    await Promise.all(this.workers.splice(0).map((worker) => worker.close()));
    await this.backend.close('worker');
  }

  private discoverRoutes(): void {
    const consumers = new Set<string>();
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
      const registration = this.reflector.get<ListenerRegistration | undefined>(EVENT_LISTENER_METADATA, metatype);
      if (registration) {
        if (consumers.has(registration.consumer)) {
          throw new MissingJobHandlerError(`Two listeners share the consumer key ${registration.consumer}`);
        }
        consumers.add(registration.consumer);
        this.routesFor(registration.queue).listeners.set(registration.consumer, instance as EventListener<unknown>);
        const list = this.listenersOfEvent.get(registration.event.name) ?? [];
        list.push(registration);
        this.listenersOfEvent.set(registration.event.name, list);
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

  private async process(queue: QueueName, routes: Routes, job: Job): Promise<void> {
    const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    const started = performance.now();
    try {
      await this.dispatch(queue, routes, job, finalAttempt);
      this.metrics.observeJob(queue, job.name, 'completed', (performance.now() - started) / 1000);
    } catch (error) {
      this.metrics.observeJob(queue, job.name, 'failed', (performance.now() - started) / 1000);
      if (finalAttempt) await this.keep(queue, job, error, job.attemptsMade + 1);
      throw error;
    }
  }

  private async dispatch(queue: QueueName, routes: Routes, job: Job, finalAttempt: boolean): Promise<void> {
    if (queue === 'events') return this.fanOut(job.data as OutboxEnvelope<unknown>);
    const data = job.data as Partial<ListenerJobData>;
    if (typeof data.consumer === 'string') {
      const listener = routes.listeners.get(data.consumer);
      if (!listener) throw new MissingJobHandlerError(`No listener ${data.consumer} on queue ${queue}`);
      const { consumer, ...envelope } = data as ListenerJobData;
      return listener.handle(envelope, { consumer, attemptsMade: job.attemptsMade, finalAttempt });
    }
    const handler = routes.jobs.get(job.name);
    if (!handler) throw new MissingJobHandlerError(`No handler for job ${queue}/${job.name}`);
    const envelope = job.data as OutboxEnvelope<unknown>;
    await handler.handle(envelope.payload, { messageId: envelope.id, attemptsMade: job.attemptsMade, finalAttempt });
  }

  /** One job per listener of the event, on the listener's queue; the job ids make a repeated fan-out add nothing. */
  private async fanOut(envelope: OutboxEnvelope<unknown>): Promise<void> {
    const byQueue = new Map<QueueName, ListenerRegistration[]>();
    for (const registration of this.listenersOfEvent.get(envelope.name) ?? []) {
      byQueue.set(registration.queue, [...(byQueue.get(registration.queue) ?? []), registration]);
    }
    for (const [queue, registrations] of byQueue) {
      const jobs = registrations.map(({ consumer }) => ({
        name: envelope.name,
        data: { ...envelope, consumer } satisfies ListenerJobData,
        opts: { jobId: `${envelope.id}.${consumer}` },
      }));
      await withTimeout(this.queues.get(queue).addBulk(jobs), this.backend.producerTimeoutMs, `Fanning out ${envelope.name} to ${queue}`);
    }
  }

  private async keepIfDead(queue: QueueName, job: Job, error: Error): Promise<void> {
    try {
      if ((await job.getState()) === 'failed') await this.keep(queue, job, error, job.attemptsMade);
    } catch (stateError) {
      this.quiet.failure(`checking failed jobs`, stateError);
    }
  }

  private async keep(queue: QueueName, job: Job, error: unknown, attempts: number): Promise<void> {
    try {
      await this.deadJobs.record(queue, job, error, attempts);
      this.logger.error(`${queue}/${job.name} ${job.id} is dead after ${attempts} attempt(s): ${safeMessage(error)}`);
    } catch (recordError) {
      // BullMQ still keeps the failed job; the 'failed' handler tries once more.
      this.logger.error(`Could not keep dead job ${queue}/${job.id}: ${safeMessage(recordError)}`);
    }
  }
}
