import type Stripe from 'stripe';
import { recordInOutbox, type EntityManager } from '#pie/platform';
import { billingDb } from '../db/billing-db.js';
import { StripeCustomerCreated } from '../events/stripe-customer-created.event.js';
import { idOf } from '../stripe/stripe-gateway.js';

export async function stripeCustomerOf(em: EntityManager, fanId: string): Promise<string | null> {
  const row = await billingDb(em).selectFrom('billing.customers').select('stripe_customer_id').where('fan_id', '=', fanId).executeTakeFirst();
  return row?.stripe_customer_id ?? null;
}

/**
 * Records the fan's Stripe customer, once: the row is inserted only while neither the fan nor the
 * customer has one, and only the call that inserts it announces it
 * (`billing.stripe-customer-created.v1`, for identity's copy on the fan), in the caller's
 * transaction `tx`. Returns whether this call inserted the row. Every path that makes a
 * `billing.customers` row (the checkout creating the customer, a webhook adopting one by its
 * metadata) goes through here, so none records a customer identity never hears of.
 */
export async function recordCustomer(tx: EntityManager, fanId: string, customerId: string): Promise<boolean> {
  const inserted = await billingDb(tx)
    .insertInto('billing.customers')
    .values({ fan_id: fanId, stripe_customer_id: customerId })
    .onConflict((oc) => oc.doNothing())
    .returning('fan_id')
    .executeTakeFirst();
  if (inserted) recordInOutbox(tx, StripeCustomerCreated.create({ fanId, stripeCustomerId: customerId }));
  return inserted !== undefined;
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
  // The row and its announcement commit together.
  if (await em.transactional((tx) => recordCustomer(tx, fanId, customerId))) return fanId;
  // Lost a race with another job adopting this same customer: that row is the answer.
  const mapped = await fanByCustomer(em, customerId);
  return mapped?.fan_id ?? null;
}

const fanByCustomer = (em: EntityManager, customerId: string) => billingDb(em).selectFrom('billing.customers').select('fan_id').where('stripe_customer_id', '=', customerId).executeTakeFirst();
