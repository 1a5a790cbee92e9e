import { typedDb, type EntityManager } from '#pie/platform';
import type { LedgerTables } from './tables.generated.js';

/** The ledger schema's typed queries, in `em`'s transaction: see libs/README.md, "Queries". */
export const ledgerDb = (em: EntityManager) => typedDb<LedgerTables>(em);
