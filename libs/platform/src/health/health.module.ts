import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { MetricsController } from '../metrics/metrics.controller.js';

/** The api's public health (liveness, readiness) and its token-protected metrics scrape. */
@Module({ controllers: [HealthController, MetricsController] })
export class HealthModule {}
