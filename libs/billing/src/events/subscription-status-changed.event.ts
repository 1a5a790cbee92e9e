import { defineEvent } from '#pie/platform';

/** Stripe's subscription statuses that Pie keeps. */
export const SUBSCRIPTION_STATUSES = ['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'unpaid', 'canceled', 'paused'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface SubscriptionStatusChangedPayload {
  fanId: string;
  subscriptionId: string;
  status: SubscriptionStatus;
  /** The status before; null for the first one recorded. */
  previousStatus: SubscriptionStatus | null;
  /** True when the subscription ends at its current period's end (status still active until then). */
  cancelAtPeriodEnd: boolean;
}

/** A subscription's status changed (past due, canceled, active again…): pies keeps the pie's status from it. */
export const SubscriptionStatusChanged = defineEvent<SubscriptionStatusChangedPayload>('billing.subscription-status-changed.v1');
