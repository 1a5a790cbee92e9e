import type { EntityManager } from './orm.js';
import type { PlatformTables } from './tables.generated.js';
import { typedDb } from './typed-db.js';

/** The platform schema's typed queries (outbox, inbox, dead jobs, heartbeats, rate limits), in `em`'s transaction: see libs/README.md, "Queries". */
export const platformDb = (em: EntityManager) => typedDb<PlatformTables>(em);
