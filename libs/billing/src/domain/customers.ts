import type Stripe from 'stripe';
import type { EntityManager } from '#pie/platform';
import { billingDb } from '../db/billing-db.js';
import { idOf } from '../stripe/stripe-gateway.js';

export async function stripeCustomerOf(em: EntityManager, fanId: string): Promise<string | null> {
  const row = await billingDb(em).selectFrom('billing.customers').select('stripe_customer_id').where('fan_id', '=', fanId).executeTakeFirst();
  return row?.stripe_customer_id ?? null;
}

/**
 * The fan a Stripe customer belongs to: our own record first; else the customer's `fan_id`
 * metadata, which Pie sets when it creates the customer (never trusted for a customer we know).
 */
export async function fanOfCustomer(em: EntityManager, stripe: Stripe, customer: string | Stripe.Customer | Stripe.DeletedCustomer | null): Promise<string | null> {
  const customerId = idOf(customer);
  if (!customerId) return null;
  const row = await fanByCustomer(em, customerId);
  if (row) return row.fan_id;
  const remote = typeof customer === 'object' && customer !== null ? customer : await stripe.customers.retrieve(customerId);
  const fanId = 'deleted' in remote && remote.deleted ? undefined : (remote as Stripe.Customer).metadata?.fan_id;
  if (!fanId || !/^[0-9a-f-]{36}$/.test(fanId)) return null;
  // Adopted only while the fan has no customer yet: a second customer whose metadata names a fan
  // who already has one (made outside Pie, or by anyone holding the key) must not reach that fan's
  // wallet or subscriptions.
  const adopted = await billingDb(em)
    .insertInto('billing.customers')
    .values({ fan_id: fanId, stripe_customer_id: customerId })
    .onConflict((oc) => oc.doNothing())
    .returning('fan_id')
    .executeTakeFirst();
  if (adopted) return adopted.fan_id;
  // Lost a race with another job adopting this same customer: that row is the answer.
  const mapped = await fanByCustomer(em, customerId);
  return mapped?.fan_id ?? null;
}

const fanByCustomer = (em: EntityManager, customerId: string) => billingDb(em).selectFrom('billing.customers').select('fan_id').where('stripe_customer_id', '=', customerId).executeTakeFirst();
