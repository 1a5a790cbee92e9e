import { createServer, type Server } from 'node:http';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Metrics } from '../metrics/metrics.js';
import { scrapeAllowed } from '../metrics/metrics.controller.js';
import { WorkerHeartbeat } from './worker-heartbeat.js';

/**
 * The worker's own HTTP endpoint, on WORKER_HTTP_PORT (off when unset):
 * - `GET /health`: 200 while its queue processors run and its last heartbeat reached the database
 *   within WORKER_HEARTBEAT_STALE_MS, else 503 — what a supervisor or container healthcheck asks;
 * - `GET /metrics`: the worker's Prometheus metrics, with the METRICS_TOKEN bearer token.
 */
@Injectable()
export class WorkerHttp implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WorkerHttp.name);
  private server: Server | undefined;

  constructor(
    @Inject(WorkerHeartbeat) private readonly heartbeat: WorkerHeartbeat,
    @Inject(Metrics) private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.WORKER_HTTP_PORT === undefined) return;
    const server = createServer((request, response) => {
      void this.answer(request.method ?? 'GET', request.url ?? '/', request.headers.authorization)
        .then(({ status, type, body }) => response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body))
        .catch(() => response.writeHead(500).end());
    });
    server.requestTimeout = 5_000;
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(this.config.WORKER_HTTP_PORT, this.config.HOST, resolve));
    this.server = server;
    const address = server.address();
    this.logger.log(`Worker health on http://${this.config.HOST}:${typeof address === 'object' && address ? address.port : this.config.WORKER_HTTP_PORT}/health`);
  }

  async onApplicationShutdown(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server?.closeAllConnections();
  }

  /** The port it listens on (WORKER_HTTP_PORT=0 picks a free one). */
  get port(): number | undefined {
    const address = this.server?.address();
    return typeof address === 'object' && address ? address.port : undefined;
  }

  private async answer(method: string, url: string, authorization: string | undefined): Promise<{ status: number; type: string; body: string }> {
    const path = url.split('?')[0];
    const json = (status: number, body: unknown) => ({ status, type: 'application/json; charset=utf-8', body: JSON.stringify(body) });
    if (method !== 'GET' && method !== 'HEAD') return json(405, { success: false, message: 'GET only' });
    if (path === '/health') {
      const up = this.heartbeat.healthy;
      return json(up ? 200 : 503, { success: up, data: { status: up ? 'up' : 'down' } });
    }
    if (path === '/metrics') {
      const access = scrapeAllowed(this.config, authorization);
      if (access === 'allowed') {
        const { contentType, body } = await this.metrics.scrape();
        return { status: 200, type: contentType, body };
      }
      if (access === 'refused') return json(401, { success: false, message: 'The metrics need the scrape token (Authorization: Bearer …)' });
    }
    return json(404, { success: false, message: 'Not found' });
  }
}
