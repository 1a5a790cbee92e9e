import { it, expect } from 'vitest';
import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Database, MissingJobHandlerError, PlatformModule, WorkerRuntimeModule } from '#pie/platform';
import { IdentityWorkerModule, identityEntities } from '#pie/identity';
import { TestPlatform } from '../support/test-platform.js';
it('probe', async () => {
    const platform = await TestPlatform.start({ label: 'probemh', worker: false });
    console.log('db', platform.database.name);
    let database: Database | undefined;
    try {
      @Module({})
      class WorkerWithoutNotifications {
        static forRoot(): DynamicModule {
          return {
            module: WorkerWithoutNotifications,
            imports: [PlatformModule.forRoot({ config: platform.config, entities: [...identityEntities] }), WorkerRuntimeModule, IdentityWorkerModule],
            providers: [{ provide: 'database-for-cleanup', inject: [Database], useFactory: (db: Database) => (database = db) }],
          };
        }
      }
      const starting = NestFactory.createApplicationContext(WorkerWithoutNotifications.forRoot(), { logger: false, abortOnError: false });
      await expect(starting).rejects.toThrow(MissingJobHandlerError);
      console.log('database captured', !!database);
    } finally {
      await database?.orm.close(true);
      console.log('orm closed');
      try { await platform.close(); console.log('platform closed'); } catch (e) { console.log('close failed', e); }
    }
});
