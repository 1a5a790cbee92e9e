import { Inject, Injectable } from '@nestjs/common';
import { PieSettingsChanged, type PieSettingsChangedPayload } from '#pie/pies/events';
import { Database, handleOnce, ListensTo, type EventListener, type ListenerContext, type OutboxEnvelope } from '#pie/platform';
import { findSubscription } from '../domain/subscription-store.js';
import { StripeGateway } from '../stripe/stripe-gateway.js';

/**
 * The fan saved a new amount or period length: the Stripe subscription charges it from its next
 * renewal (no proration: the running period was paid at the old settings), and billing's copy of
 * the settings follows. The Stripe call carries an idempotency key per event, so a retried job
 * never makes a second change.
 */
@Injectable()
@ListensTo(PieSettingsChanged, { consumer: 'billing.reprice-subscription', queue: 'payments' })
export class RepriceSubscriptionOnPieSettingsChangedListener implements EventListener<PieSettingsChangedPayload> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(StripeGateway) private readonly gateway: StripeGateway,
  ) {}

  async handle(event: OutboxEnvelope<PieSettingsChangedPayload>, { consumer }: ListenerContext): Promise<void> {
    const settings = event.payload;
    if (!settings.subscriptionId) return;
    // Billing's own row says whether there is a Stripe subscription to reprice: a promotional pie has
    // none (pies refuses a new amount or period length for it; an older event may still carry one).
    const row = await findSubscription(this.database.em(), settings.subscriptionId, settings.fanId);
    if (settings.billingChanged && row && !row.promo) {
      const stripe = this.gateway.stripe;
      const subscription = await stripe.subscriptions.retrieve(settings.subscriptionId);
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return;
      const item = subscription.items.data[0];
      const product = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
      await stripe.subscriptions.update(
        settings.subscriptionId,
        {
          items: [{ id: item.id, price_data: { currency: 'usd', unit_amount: settings.amountCents, recurring: { interval: 'day', interval_count: settings.pieDays }, product } }],
          proration_behavior: 'none',
        },
        { idempotencyKey: `pie-settings:${event.id}` },
      );
    }
    await handleOnce(this.database.em(), consumer, event.id, async (em) => {
      await em.execute(
        `update billing.subscriptions
            set amount_cents = ?, pie_days = ?, artist_limit = ?, artist_popularity = ?, exclude_non_active = ?, updated_at = now()
          where id = ? and fan_id = ?`,
        [settings.amountCents, settings.pieDays, settings.artistLimit, settings.artistPopularity, settings.excludeNonActive, settings.subscriptionId, settings.fanId],
      );
    });
  }
}
