import { typedDb, type EntityManager } from '#pie/platform';
import type { BillingTables } from './tables.generated.js';

/** The billing schema's typed queries, in `em`'s transaction: see libs/README.md, "Queries". */
export const billingDb = (em: EntityManager) => typedDb<BillingTables>(em);
