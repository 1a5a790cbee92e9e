import { type DynamicModule, Module } from '@nestjs/common';
import { entitiesOf, nestModulesOf, PlatformModule, WorkerRuntimeModule, type AppConfig } from '#pie/platform';
import { modules } from '#pie/modules';

/** The worker process: outbox relay, queue processors and every module's worker side (apps/modules.ts). */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        // Jobs wait their turn for the pool's connections under load: a minute, not the api's few seconds.
        PlatformModule.forRoot({ config, entities: entitiesOf(modules), databaseConnectTimeoutMs: Math.max(config.DATABASE_CONNECT_TIMEOUT_MS, 60_000) }),
        WorkerRuntimeModule,
        ...nestModulesOf(modules, 'worker'),
      ],
    };
  }
}
