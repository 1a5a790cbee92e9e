import type { Kysely } from 'kysely';
import type { EntityManager } from './orm.js';

/**
 * A module's typed query builder, in the EntityManager's current transaction (on the pool outside
 * one): `typedDb<OfficesTables>(em).selectFrom(…)`. `Tables` is the module's
 * generated table types (`src/db/tables.generated.ts`), so a query sees only that module's schema.
 */
export function typedDb<Tables>(em: EntityManager): Kysely<Tables> {
  return em.getKysely() as unknown as Kysely<Tables>;
}
