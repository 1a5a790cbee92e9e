import { MikroORM, type AnyEntity, type EntitySchema, type Constructor } from '@mikro-orm/core';
import { PostgreSqlDriver, type EntityManager } from '@mikro-orm/postgresql';
import { Migrator, type Migration } from '@mikro-orm/migrations';
import type { Pool } from 'pg';
import { platformEntities } from './platform-entities.js';
import { releaseBrokenConnections } from './release-broken-connections.js';

export type { EntityManager } from '@mikro-orm/postgresql';
export type Orm = MikroORM<PostgreSqlDriver, EntityManager>;
export type EntityDefinition = EntitySchema<any, any> | Constructor<AnyEntity>;

export interface OrmOptions {
  databaseUrl: string;
  /** Entities of the modules this process loads; the platform's own are always added. */
  entities?: EntityDefinition[];
  /** The one migration history of the whole database (see migrations/index.ts). */
  migrations?: Constructor<Migration>[];
  poolMax?: number;
  /**
   * How long taking a new connection may last (pg's default is forever): during an outage a request
   * fails within this and answers 503, instead of hanging until the client gives up.
   */
  connectTimeoutMs?: number;
}

export async function createOrm(options: OrmOptions): Promise<Orm> {
  return MikroORM.init<PostgreSqlDriver, EntityManager>({
    driver: PostgreSqlDriver,
    clientUrl: options.databaseUrl,
    entities: [...platformEntities, ...(options.entities ?? [])],
    extensions: [Migrator],
    migrations: {
      migrationsList: options.migrations ?? [],
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
    pool: { min: 0, max: options.poolMax ?? 10 },
    // pg.Pool options: a bounded wait for a connection, and TCP keepalive so a silently dropped one is
    // noticed; a connection that dies while checked out goes back to the pool (releaseBrokenConnections).
    driverOptions: { connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000, keepAlive: true, onPoolCreated: (pool: Pool) => releaseBrokenConnections(pool) },
    discovery: { warnWhenNoEntities: false },
    allowGlobalContext: false,
    debug: false,
  });
}

/** Applies every pending migration; returns the names applied. */
export async function migrateUp(orm: Orm): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((migration) => migration.name);
}
