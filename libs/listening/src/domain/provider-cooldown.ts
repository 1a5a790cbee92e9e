import type { EntityManager } from '#pie/platform';
import { sql } from 'kysely';
import { listeningDb } from '../db/listening-db.js';

/**
 * The provider's rate limit applies to the whole app, so one 429 pauses every call to it (every
 * worker, every fan) until its Retry-After has passed.
 */
export async function cooldownRemainingMs(em: EntityManager, provider: string): Promise<number> {
  const row = await listeningDb(em)
    .selectFrom('listening.provider_cooldowns')
    .select(sql<string | null>`ceil(extract(epoch from (until - clock_timestamp())) * 1000)`.as('remaining'))
    .where('provider', '=', provider)
    .executeTakeFirst();
  return Math.max(0, Number(row?.remaining ?? 0));
}

export async function startCooldown(em: EntityManager, provider: string, durationMs: number): Promise<void> {
  await listeningDb(em)
    .insertInto('listening.provider_cooldowns')
    .values({ provider, until: sql`clock_timestamp() + make_interval(secs => ${durationMs / 1000})` })
    .onConflict((oc) => oc.column('provider').doUpdateSet({ until: sql`greatest(listening.provider_cooldowns.until, excluded.until)` }))
    .execute();
}
