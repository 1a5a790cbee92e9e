import { Inject, Injectable } from '@nestjs/common';
import { StripeCustomerCreated, type StripeCustomerCreatedPayload } from '#pie/billing/events';
import { Database, ListensTo, type EventListener, type OutboxEnvelope } from '#pie/platform';
import { recordStripeCustomer } from '../domain/stripe-customers.js';

/**
 * Billing recorded the fan's Stripe customer: identity keeps the id on the fan (spec §3), for the
 * fan's own `stripe_customer_id` and the back office's search. Setting the same id again changes
 * nothing, so a redelivered event needs no inbox row.
 */
@Injectable()
@ListensTo(StripeCustomerCreated, { consumer: 'identity.record-stripe-customer', queue: 'payments' })
export class RecordStripeCustomerOnStripeCustomerCreatedListener implements EventListener<StripeCustomerCreatedPayload> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async handle(event: OutboxEnvelope<StripeCustomerCreatedPayload>): Promise<void> {
    await recordStripeCustomer(this.database.em(), event.payload.fanId, event.payload.stripeCustomerId);
  }
}
