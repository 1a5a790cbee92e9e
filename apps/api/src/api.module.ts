import { type DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { HealthModule, httpLoggerParams, PlatformModule, type AppConfig } from '#pie/platform';
import { IdentityHttpModule, identityEntities } from '#pie/identity';
import { ListeningHttpModule, listeningEntities } from '#pie/listening';
import { PiesHttpModule } from '#pie/pies';

/** The HTTP process: platform, health and every module's HTTP side. */
@Module({})
export class ApiModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        PlatformModule.forRoot({ config, entities: [...identityEntities, ...listeningEntities] }),
        LoggerModule.forRoot(httpLoggerParams(config)),
        HealthModule,
        IdentityHttpModule,
        ListeningHttpModule,
        PiesHttpModule,
      ],
    };
  }
}
