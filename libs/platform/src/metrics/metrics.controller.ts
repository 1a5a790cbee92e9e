import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, Get, Headers, Inject, NotFoundException, Res, UnauthorizedException } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Metrics } from './metrics.js';

/**
 * Whether an Authorization header carries the scrape's bearer token. Without METRICS_TOKEN there is
 * no metrics endpoint at all (the caller answers 404): nothing of the platform's insides is public.
 */
export function scrapeAllowed(config: Pick<AppConfig, 'METRICS_TOKEN'>, authorization: string | undefined): 'allowed' | 'refused' | 'disabled' {
  if (!config.METRICS_TOKEN) return 'disabled';
  const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  // Hashes of equal length: the comparison takes the same time whatever was sent.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(config.METRICS_TOKEN)) ? 'allowed' : 'refused';
}

/** `GET /api/metrics`: Prometheus text, for a scraper holding METRICS_TOKEN (`Authorization: Bearer …`). */
@ApiTags('operations')
@Controller('api/metrics')
export class MetricsController {
  constructor(
    @Inject(Metrics) private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Prometheus metrics for a scraper holding METRICS_TOKEN (Authorization: Bearer …); 404 when no token is configured' })
  async scrape(@Headers('authorization') authorization: string | undefined, @Res() reply: FastifyReply) {
    const access = scrapeAllowed(this.config, authorization);
    if (access === 'disabled') throw new NotFoundException('Cannot GET /api/metrics');
    if (access === 'refused') throw new UnauthorizedException('The metrics need the scrape token (Authorization: Bearer …)');
    const { contentType, body } = await this.metrics.scrape();
    await reply.header('content-type', contentType).send(body);
  }
}
