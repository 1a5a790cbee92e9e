import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { EntityManager, Orm } from './orm.js';

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
      await this.orm.em.fork().execute('select 1');
      return true;
    } catch {
      return false;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.orm.close(true);
  }
}
