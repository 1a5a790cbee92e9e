import { defineEvent } from '#pie/platform';

export interface StripeCustomerCreatedPayload {
  fanId: string;
  /** The fan's Stripe customer (`cus_…`), billing's `billing.customers` row. */
  stripeCustomerId: string;
}

/**
 * Billing recorded the fan's Stripe customer (the first checkout creates it). Identity keeps the id
 * on the fan (spec §3's `stripe_customer_id`, the back office's search by customer): a mirror that
 * need not commit with billing's row, so it is news and not a write into identity's tables.
 */
export const StripeCustomerCreated = defineEvent<StripeCustomerCreatedPayload>('billing.stripe-customer-created.v1');
