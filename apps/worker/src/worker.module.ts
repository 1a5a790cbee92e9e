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
        PlatformModule.forRoot({ config, entities: entitiesOf(modules) }),
        WorkerRuntimeModule,
        ...nestModulesOf(modules, 'worker'),
      ],
    };
  }
}
