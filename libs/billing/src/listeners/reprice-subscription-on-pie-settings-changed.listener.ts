import { Inject, Injectable } from '@nestjs/common';
import { PieSettingsChanged, type PieSettingsChangedPayload } from '#pie/pies/events';
import { Database, handleOnce, ListensTo, type EventListener, type ListenerContext, type OutboxEnvelope } from '#pie/platform';
import { scheduleNextPeriodPrice } from '../domain/next-period-price.js';
import { findSubscription } from '../domain/subscription-store.js';
import { StripeGateway } from '../stripe/stripe-gateway.js';
import { sql } from 'kysely';
import { billingDb } from '../db/billing-db.js';

/**
 * The fan saved a new amount or period length: Stripe bills it from the end of the period already
 * paid, through a subscription schedule (`scheduleNextPeriodPrice`), never by changing the running
 * subscription's price (a new interval would restart the billing cycle and charge at once). The
 * split settings (artist limit, popularity, non-active) are billing's copy only and follow at once;
 * the amount and period length in billing's row follow Stripe when the new phase starts. The Stripe
 * calls carry an idempotency key per event, so a retried job never makes a second change.
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
      await scheduleNextPeriodPrice(this.gateway.stripe, settings.subscriptionId, settings, `pie-settings:${event.id}`);
    }
    await handleOnce(this.database.em(), consumer, event.id, async (em) => {
      await billingDb(em)
        .updateTable('billing.subscriptions')
        .set({ artist_limit: settings.artistLimit, artist_popularity: settings.artistPopularity, exclude_non_active: settings.excludeNonActive, updated_at: sql<string>`now()` })
        .where('id', '=', settings.subscriptionId)
        .where('fan_id', '=', settings.fanId)
        .execute();
    });
  }
}
