import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Readiness } from './readiness.js';

/**
 * Public health, saying only up or down (what is behind it is for admins and metrics):
 * - `GET /api/health`: liveness, the process answers. It touches nothing else, so a database
 *   outage never makes a supervisor restart a healthy api.
 * - `GET /api/health/ready`: readiness, 200 when the database and queue backend answer, a worker's
 *   heartbeat is fresh and the outbox keeps up; 503 otherwise (a load balancer's check).
 * The details are `GET /api/admin/dashboard/health` (the admin dashboard) and the metrics.
 */
@Controller('api/health')
export class HealthController {
  constructor(@Inject(Readiness) private readonly readiness: Readiness) {}

  @Get()
  live() {
    return { success: true, message: 'ok', data: { status: 'up' as const } };
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const { ready } = await this.readiness.check();
    reply.status(ready ? 200 : 503);
    return { success: ready, message: ready ? 'ok' : 'not ready', data: { status: ready ? ('up' as const) : ('down' as const) } };
  }
}
