import { defineJob } from '#pie/platform';

export interface HandleStripeEventPayload {
  /** Stripe's event id (`evt_…`), stored once in billing.stripe_events. */
  eventId: string;
  type: string;
  /** The id of the event's object; the handler re-reads it from Stripe. */
  objectId: string | null;
  /** The connected account (`acct_…`) for a connected account's event; absent on older jobs and platform events. */
  accountId?: string | null;
}

/** One verified Stripe webhook event, queued by the intake in the same transaction that stored it. */
export const HandleStripeEvent = defineJob<HandleStripeEventPayload>('payments', 'billing.handle-stripe-event');
