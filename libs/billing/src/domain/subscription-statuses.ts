import type { SubscriptionStatus } from '../events/subscription-status-changed.event.js';

/**
 * What a subscription's Stripe status means to Pie, spelled once: the handlers test a row or a
 * Stripe object with the predicates, and typed queries filter on the same lists
 * (`where('status', 'not in', ENDED_SUBSCRIPTION_STATUSES)`), so a status added to a list changes
 * every check at once.
 */

/** Paid up: Stripe collected the period (or a trial runs): the fan's pie is active. */
export const PAID_UP_STATUSES = ['active', 'trialing'] as const satisfies readonly SubscriptionStatus[];

/** Live: the fan has a pie — paid up, or a failed payment Stripe is still retrying. A fan has one live pie at most. */
export const LIVE_SUBSCRIPTION_STATUSES = [...PAID_UP_STATUSES, 'past_due'] as const satisfies readonly SubscriptionStatus[];

/**
 * Ended: Stripe never charges the subscription again. Any other status (past_due, unpaid,
 * incomplete, paused too) may still collect, so the pie it pays for is not over.
 */
export const ENDED_SUBSCRIPTION_STATUSES = ['canceled', 'incomplete_expired'] as const satisfies readonly SubscriptionStatus[];

const isIn = (statuses: readonly string[]) => (status: string): boolean => statuses.includes(status);

export const isPaidUp = isIn(PAID_UP_STATUSES);
export const isLive = isIn(LIVE_SUBSCRIPTION_STATUSES);
export const hasEnded = isIn(ENDED_SUBSCRIPTION_STATUSES);

/**
 * Whether this subscription stops the fan from starting another pie (checkout or the free pie):
 * it is live — except a free pie whose one period is over (it is never charged again, whatever
 * its row still says).
 */
export function blocksAnotherPie(subscription: { status: string; promo: boolean; current_period_end: Date | string | null }, now: Date): boolean {
  if (!isLive(subscription.status)) return false;
  const freePieOver = subscription.promo && subscription.current_period_end !== null && new Date(subscription.current_period_end).getTime() <= now.getTime();
  return !freePieOver;
}
