import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SubscriptionView } from '#pie/contracts';
import { Database } from '#pie/platform';
import { subscriptionNotFound } from '../../domain/billing.errors.js';
import { StripeEventProcessor } from '../../domain/stripe-event-processor.js';
import { cancelPromoSubscription, findSubscription, lockFan, subscriptionView, type SubscriptionRow } from '../../domain/subscription-store.js';
import { StripeGateway } from '../../stripe/stripe-gateway.js';

/**
 * `POST /api/stripe/cancelSubscription`: the caller's own subscription only (another fan's id is
 * a 404, as an unknown one). A paid pie ends at the end of the period already paid for; the free
 * pie ends now.
 */
export class CancelSubscription extends Command<SubscriptionView> {
  constructor(
    readonly fanId: string,
    readonly subscriptionId: string,
  ) {
    super();
  }
}

@CommandHandler(CancelSubscription)
export class CancelSubscriptionHandler implements ICommandHandler<CancelSubscription> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
    @Inject(StripeEventProcessor) private readonly processor: StripeEventProcessor,
  ) {}

  async execute({ fanId, subscriptionId }: CancelSubscription): Promise<SubscriptionView> {
    const row = await findSubscription(this.database.em(), subscriptionId, fanId);
    if (!row) throw subscriptionNotFound();
    if (row.promo) return subscriptionView(await this.cancelPromo(fanId, row));
    if (row.status !== 'canceled' && !row.cancel_at_period_end) {
      // No fixed idempotency key: setting the flag twice is harmless, while a key per subscription
      // would replay the first cancel's stored response (a no-op) after the fan renewed in the portal.
      await this.gateway.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    }
    const synced = await this.processor.syncSubscription(subscriptionId);
    return subscriptionView(synced ?? row);
  }

  private cancelPromo(fanId: string, row: SubscriptionRow): Promise<SubscriptionRow> {
    return this.database.transaction(async (tx) => {
      await lockFan(tx, fanId);
      return (await cancelPromoSubscription(tx, fanId, row.id)) ?? row;
    });
  }
}
