import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { Constructor } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import { APP_CONFIG, type AppConfig } from './config/app-config.js';
import { Database, MIKRO_ORM } from './database/database.js';
import { createOrm, type EntityDefinition } from './database/orm.js';
import { QueueBackend, queueBackendOptions } from './queues/queue-backend.js';
import { QueueRegistry } from './queues/queue-registry.js';
import { DeadJobs } from './queues/dead-jobs.js';
import { RateLimiter, RateLimitGuard } from './http/rate-limit.js';
import { Readiness } from './health/readiness.js';
import { Metrics } from './metrics/metrics.js';

export interface PlatformModuleOptions {
  config: AppConfig;
  entities: EntityDefinition[];
  migrations?: Constructor<Migration>[];
  /**
   * Bound on waiting for a database connection (default DATABASE_CONNECT_TIMEOUT_MS, made for the api's
   * requests). The worker passes a longer one: its jobs queue for the pool's connections under load.
   */
  databaseConnectTimeoutMs?: number;
}

/** Configuration, database and queue producers, shared by every module of a process. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformModuleOptions): DynamicModule {
    const { config } = options;
    return {
      module: PlatformModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        {
          provide: MIKRO_ORM,
          useFactory: () =>
            createOrm({ databaseUrl: config.DATABASE_URL, entities: options.entities, migrations: options.migrations, poolMax: config.DATABASE_POOL_MAX, connectTimeoutMs: options.databaseConnectTimeoutMs ?? config.DATABASE_CONNECT_TIMEOUT_MS }),
        },
        Database,
        {
          provide: QueueBackend,
          useFactory: () => QueueBackend.open(queueBackendOptions(config)),
        },
        QueueRegistry,
        DeadJobs,
        RateLimiter,
        RateLimitGuard,
        Readiness,
        Metrics,
      ],
      exports: [APP_CONFIG, MIKRO_ORM, Database, QueueBackend, QueueRegistry, DeadJobs, RateLimiter, RateLimitGuard, Readiness, Metrics],
    };
  }
}
