import { type DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { entitiesOf, HealthModule, httpLoggerParams, nestModulesOf, PlatformModule, type AppConfig } from '#pie/platform';
import { modules } from '#pie/modules';

/** The HTTP process: platform, health and every module's HTTP side (apps/modules.ts). */
@Module({})
export class ApiModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        PlatformModule.forRoot({ config, entities: entitiesOf(modules) }),
        LoggerModule.forRoot(httpLoggerParams(config)),
        HealthModule,
        ...nestModulesOf(modules, 'http'),
      ],
    };
  }
}
