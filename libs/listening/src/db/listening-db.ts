import { typedDb, type EntityManager } from '#pie/platform';
import type { ListeningTables } from './tables.generated.js';

/** The listening schema's typed queries, in `em`'s transaction: see libs/README.md, "Queries". */
export const listeningDb = (em: EntityManager) => typedDb<ListeningTables>(em);
