import { defineEvent } from '#pie/platform';

/** The pie's settings, as the fan chose them at checkout (or for the promotional pie). */
export interface PieSettings {
  /** Per period, in cents. */
  amountCents: number;
  artistLimit: number;
  artistPopularity: number;
  excludeNonActive: boolean;
  pieDays: number;
}

export interface SubscriptionActivatedPayload {
  fanId: string;
  /** Billing's subscription id: the Stripe subscription id (`sub_…`), or `promo_<fan id>` for the free pie. */
  subscriptionId: string;
  pieSettings: PieSettings;
  /** ISO timestamps of the first period. */
  currentPeriodStart: string;
  currentPeriodEnd: string;
  /** True for the free promotional pie (funded from promo_pool, no Stripe subscription, not recurring). */
  promo: boolean;
}

/**
 * A subscription became active for the first time: pies creates the fan's pie from it and answers
 * with `pies.pie-created.v1`, whose pie id billing stores on the subscription. Emitted once per subscription.
 */
export const SubscriptionActivated = defineEvent<SubscriptionActivatedPayload>('billing.subscription-activated.v1');
