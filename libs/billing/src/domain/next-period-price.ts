import type Stripe from 'stripe';
import { idOf } from '../stripe/stripe-gateway.js';
import { hasEnded } from './subscription-statuses.js';

/**
 * Bills a new amount and period length from the end of the current period, the way Stripe supports
 * it: a subscription schedule (made from the subscription if it has none) whose first phase is the
 * running period at its own price and whose second phase is the new price for one period; then the
 * schedule releases the subscription, which carries on at the new price. Changing the price of the
 * subscription itself would not wait: a price with another interval restarts the billing cycle and
 * invoices at once (Stripe's "change the price of existing subscriptions"), which would charge the
 * fan twice and open overlapping periods. Returns null when the subscription has ended.
 */
export async function scheduleNextPeriodPrice(
  stripe: Stripe,
  subscriptionId: string,
  next: { amountCents: number; pieDays: number },
  idempotencyKey: string,
): Promise<Stripe.SubscriptionSchedule | null> {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  if (hasEnded(subscription.status)) return null;
  const item = subscription.items.data[0];
  const scheduleId = idOf(subscription.schedule) ?? (await stripe.subscriptionSchedules.create({ from_subscription: subscriptionId }, { idempotencyKey: `${idempotencyKey}:schedule` })).id;
  const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId);
  const current = schedule.current_phase ?? { start_date: item.current_period_start, end_date: item.current_period_end };
  const running = schedule.phases.find((phase) => phase.start_date === current.start_date);
  const runningPrice = idOf(running?.items[0]?.price as string | { id: string } | undefined) ?? item.price.id;
  return stripe.subscriptionSchedules.update(
    scheduleId,
    {
      end_behavior: 'release',
      proration_behavior: 'none',
      phases: [
        { items: [{ price: runningPrice, quantity: 1 }], start_date: current.start_date, end_date: current.end_date, proration_behavior: 'none' },
        {
          items: [{ price_data: { currency: 'usd', unit_amount: next.amountCents, recurring: { interval: 'day', interval_count: next.pieDays }, product: idOf(item.price.product)! }, quantity: 1 }],
          duration: { interval: 'day', interval_count: next.pieDays },
          proration_behavior: 'none',
        },
      ],
    },
    { idempotencyKey },
  );
}
