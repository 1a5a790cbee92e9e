import type Stripe from 'stripe';
import { alreadyHasLivePie } from './billing.errors.js';
import { isLive } from './subscription-statuses.js';


/**
 * One active pie per fan (DESIGN §5), on Stripe's side; the caller holds the fan's lock. Refuses
 * when Stripe already has a live subscription for the customer (paid, its webhook not yet here),
 * and expires the customer's open Checkout Sessions (racing clicks, an old tab) so that no session
 * handed out before this one can still be paid.
 */
export async function claimTheOnlyPie(stripe: Stripe, customerId: string): Promise<void> {
  const subscriptions = await stripe.subscriptions.list({ customer: customerId, limit: 100 });
  if (subscriptions.data.some((subscription) => isLive(subscription.status))) throw alreadyHasLivePie();
  for await (const session of stripe.checkout.sessions.list({ customer: customerId, limit: 100 })) {
    if (session.status === 'open') await stripe.checkout.sessions.expire(session.id);
  }
}
