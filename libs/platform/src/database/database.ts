import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type pg from 'pg';
import { sql } from 'kysely';
import type { EntityManager, Orm } from './orm.js';
import { platformDb } from './platform-db.js';

export const MIKRO_ORM = Symbol('MIKRO_ORM');

/**
 * The one way modules reach Postgres. Every unit of work gets its own forked
 * EntityManager: no global identity map shared between requests or jobs.
 */
@Injectable()
export class Database implements OnApplicationShutdown {
  constructor(@Inject(MIKRO_ORM) readonly orm: Orm) {}

  /** A fresh EntityManager for reads or a unit of work the caller flushes. */
  em(): EntityManager {
    return this.orm.em.fork();
  }

  /** Runs `work` in one transaction; everything it persists (outbox rows included) commits together. */
  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.orm.em.fork().transactional(work);
  }

  async ping(): Promise<boolean> {
    try {
      await sql`select 1`.execute(platformDb(this.orm.em.fork()));
      return true;
    } catch {
      return false;
    }
  }

  /** The pg pool behind the ORM (for the pool-use metric). */
  async pool(): Promise<pg.Pool> {
    return (await this.orm.em.getDriver().getConnection().getNativeClient()) as pg.Pool;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.orm.close(true);
  }
}
