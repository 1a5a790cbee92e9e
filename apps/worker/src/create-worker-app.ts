import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createLogger, type AppConfig } from '#pie/platform';
import { WorkerModule } from './worker.module.js';
import { PinoNestLogger } from './pino-nest-logger.js';

/** Builds and starts the worker (used by main.ts and by the integration tests). */
export async function createWorkerApp(config: AppConfig): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
    logger: new PinoNestLogger(createLogger(config, 'worker')),
    abortOnError: false,
  });
  app.enableShutdownHooks();
  await app.init();
  return app;
}
