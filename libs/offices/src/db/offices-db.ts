import { typedDb, type EntityManager } from '#pie/platform';
import type { OfficesTables } from './tables.generated.js';

/** The offices schema's typed queries, in `em`'s transaction: see libs/README.md, "Queries". */
export const officesDb = (em: EntityManager) => typedDb<OfficesTables>(em);
