import { typedDb, type EntityManager } from '#pie/platform';
import type { IdentityTables } from './tables.generated.js';

/** The identity schema's typed queries, in `em`'s transaction: see libs/README.md, "Queries". */
export const identityDb = (em: EntityManager) => typedDb<IdentityTables>(em);
