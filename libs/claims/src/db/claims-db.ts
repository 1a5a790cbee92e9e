import { typedDb, type EntityManager } from '#pie/platform';
import type { ClaimsTables } from './tables.generated.js';

/** The claims schema's typed queries, in `em`'s transaction: see libs/README.md, "Queries". */
export const claimsDb = (em: EntityManager) => typedDb<ClaimsTables>(em);
