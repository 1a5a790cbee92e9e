import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Database } from '../database/database.js';
import { DeadJobs } from '../queues/dead-jobs.js';
import { QueueRegistry } from '../queues/queue-registry.js';

/**
 * `GET /api/health`: 200 when the database and the queue backend answer, 503 otherwise. Dead jobs
 * (failed every retry, waiting for `npm run jobs:retry`) are counted per queue: they need a person,
 * not a restart, so they do not make the process unhealthy.
 */
@Controller('api/health')
export class HealthController {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
    @Inject(DeadJobs) private readonly deadJobs: DeadJobs,
  ) {}

  @Get()
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const [databaseUp, queuesUp] = await Promise.all([this.database.ping(), this.queues.ping()]);
    const deadJobs = databaseUp ? await this.deadJobs.counts().catch(() => undefined) : undefined;
    const healthy = databaseUp && queuesUp;
    reply.status(healthy ? 200 : 503);
    return {
      success: healthy,
      message: healthy ? 'ok' : 'degraded',
      data: {
        database: databaseUp ? 'up' : 'down',
        queues: queuesUp ? 'up' : 'down',
        queueBackend: this.queues.backend.kind,
        ...(deadJobs ? { deadJobs: { total: Object.values(deadJobs).reduce((sum, n) => sum + n, 0), byQueue: deadJobs } } : {}),
      },
    };
  }
}
