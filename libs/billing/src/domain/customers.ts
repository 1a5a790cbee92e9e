import type Stripe from 'stripe';
import type { EntityManager } from '#pie/platform';
import { idOf } from '../stripe/stripe-gateway.js';

export async function stripeCustomerOf(em: EntityManager, fanId: string): Promise<string | null> {
  const [row] = await em.execute<{ stripe_customer_id: string }[]>(`select stripe_customer_id from billing.customers where fan_id = ?`, [fanId]);
  return row?.stripe_customer_id ?? null;
}

/**
 * The fan a Stripe customer belongs to: our own record first; else the customer's `fan_id`
 * metadata, which Pie sets when it creates the customer (never trusted for a customer we know).
 */
export async function fanOfCustomer(em: EntityManager, stripe: Stripe, customer: string | Stripe.Customer | Stripe.DeletedCustomer | null): Promise<string | null> {
  const customerId = idOf(customer);
  if (!customerId) return null;
  const [row] = await em.execute<{ fan_id: string }[]>(`select fan_id from billing.customers where stripe_customer_id = ?`, [customerId]);
  if (row) return row.fan_id;
  const remote = typeof customer === 'object' && customer !== null ? customer : await stripe.customers.retrieve(customerId);
  const fanId = 'deleted' in remote && remote.deleted ? undefined : (remote as Stripe.Customer).metadata?.fan_id;
  if (!fanId || !/^[0-9a-f-]{36}$/.test(fanId)) return null;
  // Adopted only while the fan has no customer yet: a second customer whose metadata names a fan
  // who already has one (made outside Pie, or by anyone holding the key) must not reach that fan's
  // wallet or subscriptions.
  const [adopted] = await em.execute<{ fan_id: string }[]>(
    `insert into billing.customers (fan_id, stripe_customer_id) values (?, ?) on conflict do nothing returning fan_id`,
    [fanId, customerId],
  );
  if (adopted) return adopted.fan_id;
  // Lost a race with another job adopting this same customer: that row is the answer.
  const [mapped] = await em.execute<{ fan_id: string }[]>(`select fan_id from billing.customers where stripe_customer_id = ?`, [customerId]);
  return mapped?.fan_id ?? null;
}
