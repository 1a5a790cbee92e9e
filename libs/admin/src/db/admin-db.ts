import { typedDb, type EntityManager } from '#pie/platform';
import type { AdminTables } from './tables.generated.js';

/** The admin schema's typed queries, in `em`'s transaction: see libs/README.md, "Queries". */
export const adminDb = (em: EntityManager) => typedDb<AdminTables>(em);
