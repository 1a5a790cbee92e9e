import { typedDb, type EntityManager } from '#pie/platform';
import type { PiesTables } from './tables.generated.js';

/** The pies schema's typed queries, in `em`'s transaction: see libs/README.md, "Queries". */
export const piesDb = (em: EntityManager) => typedDb<PiesTables>(em);
