import { sql } from 'kysely';
import type { EntityManager } from '#pie/platform';
import { identityDb } from '../db/identity-db.js';

/** The fan's `stripe_customer_id` (spec §3), a copy of billing's customer: idempotent (the same id writes nothing). */
export async function recordStripeCustomer(em: EntityManager, fanId: string, stripeCustomerId: string): Promise<void> {
  await identityDb(em)
    .updateTable('identity.fans')
    .set({ stripe_customer_id: stripeCustomerId })
    .where('id', '=', fanId)
    .where(sql<boolean>`stripe_customer_id is distinct from ${stripeCustomerId}`)
    .execute();
}
