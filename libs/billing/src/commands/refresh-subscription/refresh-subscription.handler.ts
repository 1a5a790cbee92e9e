import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SubscriptionView } from '#pie/contracts';
import { Database } from '#pie/platform';
import { stripeCustomerOf } from '../../domain/customers.js';
import { StripeEventProcessor } from '../../domain/stripe-event-processor.js';
import { currentSubscription, subscriptionView } from '../../domain/subscription-store.js';
import { idOf, StripeGateway } from '../../stripe/stripe-gateway.js';

/**
 * `GET /api/stripe/refreshSubscription`: re-reads the fan's subscriptions (and their latest invoice)
 * from Stripe instead of waiting for webhooks, e.g. on the checkout success page. Same code path as
 * the webhook handlers, so the result is the same whichever comes first.
 */
export class RefreshSubscription extends Command<SubscriptionView | null> {
  constructor(readonly fanId: string) {
    super();
  }
}

@CommandHandler(RefreshSubscription)
export class RefreshSubscriptionHandler implements ICommandHandler<RefreshSubscription> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
    @Inject(StripeEventProcessor) private readonly processor: StripeEventProcessor,
  ) {}

  async execute({ fanId }: RefreshSubscription): Promise<SubscriptionView | null> {
    const customer = await stripeCustomerOf(this.database.em(), fanId);
    if (customer) {
      const subscriptions = await this.gateway.stripe.subscriptions.list({ customer, status: 'all', limit: 3 });
      for (const subscription of subscriptions.data) {
        await this.processor.syncSubscription(subscription.id);
        const latestInvoice = idOf(subscription.latest_invoice);
        if (latestInvoice) await this.processor.recordInvoicePaid(latestInvoice);
      }
    }
    const row = await currentSubscription(this.database.em(), fanId);
    return row ? subscriptionView(row) : null;
  }
}
