import type { PieStatus } from '#pie/contracts';

/**
 * What a pie's status means, spelled once: the pie follows its subscription's Stripe status
 * (`pieStatusFromSubscription`), a live pie is one still being paid for, and SQL filters use the
 * same list (`where('status', 'in', LIVE_PIE_STATUSES)`, or bound as an array in the raw batch SQL).
 */

/** Live: still paid for (a failed payment Stripe is retrying included). One live pie per fan (DESIGN §5). */
export const LIVE_PIE_STATUSES = ['active', 'past_due'] as const satisfies readonly PieStatus[];

export const isLivePie = (status: PieStatus): boolean => (LIVE_PIE_STATUSES as readonly PieStatus[]).includes(status);

const FROM_SUBSCRIPTION: Readonly<Record<string, Exclude<PieStatus, 'ended'>>> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  incomplete: 'past_due',
  canceled: 'canceled',
  incomplete_expired: 'canceled',
};

/**
 * The pie status a subscription's Stripe status gives: paid up is active, a payment still being
 * tried is past due, a subscription Stripe will never charge again is canceled. Null for a status
 * that says nothing new about the pie (paused, or one Stripe adds later): the pie keeps its status.
 * Never `ended`: only a newer pie (or a spent promotion) ends one.
 */
export function pieStatusFromSubscription(subscriptionStatus: string): Exclude<PieStatus, 'ended'> | null {
  return Object.hasOwn(FROM_SUBSCRIPTION, subscriptionStatus) ? FROM_SUBSCRIPTION[subscriptionStatus] : null;
}

/** A pie's status as other fans see it: a failed payment (past due) is the fan's business, shown as active. */
export function publicPieStatus(status: PieStatus): Exclude<PieStatus, 'past_due'> {
  return status === 'past_due' ? 'active' : status;
}
