import { typedDb, type EntityManager } from '#pie/platform';
import type { PayoutsTables } from './tables.generated.js';

/** The payouts schema's typed queries, in `em`'s transaction: see libs/README.md, "Queries". */
export const payoutsDb = (em: EntityManager) => typedDb<PayoutsTables>(em);
