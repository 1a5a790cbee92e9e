import { type DynamicModule, Module } from '@nestjs/common';
import { PlatformModule, WorkerRuntimeModule, type AppConfig } from '#pie/platform';
import { IdentityWorkerModule, identityEntities } from '#pie/identity';
import { ListeningWorkerModule, listeningEntities } from '#pie/listening';
import { PiesWorkerModule } from '#pie/pies';
import { NotificationsWorkerModule } from '#pie/notifications';

/** The worker process: outbox relay, queue processors and every module's worker side. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        PlatformModule.forRoot({ config, entities: [...identityEntities, ...listeningEntities] }),
        WorkerRuntimeModule,
        IdentityWorkerModule,
        NotificationsWorkerModule,
        ListeningWorkerModule,
        PiesWorkerModule,
      ],
    };
  }
}
