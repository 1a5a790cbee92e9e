import { Inject, Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Database } from '../database/database.js';
import { Readiness } from '../health/readiness.js';
import { DeadJobs } from '../queues/dead-jobs.js';
import { QUEUE_NAMES } from '../queues/queue-names.js';
import { QueueRegistry } from '../queues/queue-registry.js';

const SCRAPE_TIMEOUT_MS = 2_000;
const JOB_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed'] as const;

/** Resolves to undefined rather than hanging or throwing: a scrape during an outage still answers. */
async function bounded<T>(work: Promise<T>): Promise<T | undefined> {
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), SCRAPE_TIMEOUT_MS).unref());
  return Promise.race([work.catch(() => undefined), timeout]);
}

/**
 * The process's Prometheus metrics (README "Metrics" lists each). Counters and histograms are fed as
 * things happen (HTTP requests, jobs); gauges read their value at scrape time (queue counts,
 * outbox, heartbeat, pool), each bounded so a scrape during an outage answers with what it can.
 * Served by `GET /api/metrics` (api) and the worker's `/metrics`, only with METRICS_TOKEN.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly jobDuration: Histogram<'queue' | 'job' | 'outcome'>;

  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
    @Inject(DeadJobs) private readonly deadJobs: DeadJobs,
    @Inject(Readiness) private readonly readiness: Readiness,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'pie_' });
    this.registry.setDefaultLabels({ queue_backend: config.REDIS_URL ? 'redis' : 'postgres' });
    this.httpDuration = new Histogram({
      name: 'pie_http_request_duration_seconds',
      help: 'HTTP requests by method, route (its pattern) and status, with their duration',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.jobDuration = new Histogram({
      name: 'pie_job_duration_seconds',
      help: 'Jobs run by this worker, by queue, job name and outcome (completed or failed), with their duration',
      labelNames: ['queue', 'job', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
      registers,
    });
    this.scrapeGauges(registers);
  }

  observeHttp(method: string, route: string, status: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status: String(status) }, seconds);
  }

  observeJob(queue: string, job: string, outcome: 'completed' | 'failed', seconds: number): void {
    this.jobDuration.observe({ queue, job, outcome }, seconds);
  }

  /** A gauge read at scrape time (e.g. the ledger's money, registered by the api). */
  gauge<L extends string>(options: { name: string; help: string; labelNames?: L[]; collect: (gauge: Gauge<L>) => Promise<void> }): void {
    const { collect, ...rest } = options;
    new Gauge<L>({
      ...rest,
      labelNames: rest.labelNames ?? [],
      registers: [this.registry],
      async collect() {
        this.reset();
        await collect(this);
      },
    });
  }

  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private scrapeGauges(registers: Registry[]): void {
    const { queues, deadJobs, readiness, database } = this;
    new Gauge({
      name: 'pie_queue_jobs',
      help: 'Jobs per queue and state (waiting, active, delayed, prioritized, failed; dead: failed every retry, kept for jobs:retry)',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        const [counts, dead] = await Promise.all([
          Promise.all(QUEUE_NAMES.map((name) => bounded(queues.get(name).getJobCounts(...JOB_STATES)))),
          bounded(deadJobs.counts()),
        ]);
        QUEUE_NAMES.forEach((queue, index) => {
          for (const state of JOB_STATES) if (counts[index]) this.set({ queue, state }, counts[index][state] ?? 0);
          if (dead) this.set({ queue, state: 'dead' }, dead[queue]);
        });
      },
    });
    const report = () => bounded(readiness.check());
    new Gauge({
      name: 'pie_up',
      help: 'Readiness checks: 1 when the check passes (database, queues, worker heartbeat, outbox lag; ready = all), else 0',
      labelNames: ['check'],
      registers,
      async collect() {
        const facts = await report();
        this.set({ check: 'ready' }, facts?.ready ? 1 : 0);
        for (const check of ['database', 'queues', 'worker', 'outbox'] as const) this.set({ check }, facts?.[check].ok ? 1 : 0);
      },
    });
    new Gauge({
      name: 'pie_worker_heartbeat_age_seconds',
      help: 'Seconds since the freshest worker heartbeat (absent when no worker ever beat or the database is down)',
      registers,
      async collect() {
        this.reset();
        const age = (await report())?.worker.secondsSinceHeartbeat;
        if (age !== null && age !== undefined) this.set(age);
      },
    });
    new Gauge({
      name: 'pie_workers_alive',
      help: 'Workers whose heartbeat is fresher than WORKER_HEARTBEAT_STALE_MS',
      registers,
      async collect() {
        this.set((await report())?.worker.alive ?? 0);
      },
    });
    new Gauge({
      name: 'pie_outbox_unpublished',
      help: 'Outbox rows not yet published to their queues',
      registers,
      async collect() {
        this.reset();
        const unpublished = (await report())?.outbox.unpublished;
        if (unpublished !== null && unpublished !== undefined) this.set(unpublished);
      },
    });
    new Gauge({
      name: 'pie_outbox_lag_seconds',
      help: 'Age of the oldest unpublished outbox row (0 when none waits)',
      registers,
      async collect() {
        this.reset();
        const lag = (await report())?.outbox.lagSeconds;
        if (lag !== null && lag !== undefined) this.set(lag);
      },
    });
    new Gauge({
      name: 'pie_db_pool_connections',
      help: "This process's database pool: connections open (total), idle, and requests waiting for one",
      labelNames: ['state'],
      registers,
      async collect() {
        const pool = await bounded(database.pool());
        if (!pool) return;
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
        this.set({ state: 'max' }, pool.options.max ?? 0);
      },
    });
  }
}
