import type { Pie } from '#pie/contracts';
import { useGetActiveSubscriptionQuery } from './api/pies.api';

/**
 * Whether the fan has cancelled this pie: its Stripe subscription then ends with the current
 * period, and the pie says so instead of offering to cancel again. `endsAt` is that period's end
 * (null if neither Stripe nor the pie knows it).
 */
export function usePieEnding(pie: Pie): { endsAt: string | null } | null {
  const subscription = useGetActiveSubscriptionQuery().data;
  if (!pie.subscriptionId || subscription?.id !== pie.subscriptionId || !subscription.cancelAtPeriodEnd) return null;
  return { endsAt: subscription.currentPeriodEnd ?? pie.currentPeriod?.endsAt ?? null };
}
