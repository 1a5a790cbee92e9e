import type { Pie, PieStatus } from '#pie/contracts';
import { formatDate } from '../format';
import { useGetActiveSubscriptionQuery } from '../payments';

/** A cancelled pie's end: its Stripe subscription stops with the current period (`endsAt`, when known). */
export interface PieEnding {
  endsAt: string | null;
}

/** When a cancelled pie ends: "on Dec 3, 2026", or "with this period" when no one knows the date. */
export function endsPhrase(ending: PieEnding): string {
  return ending.endsAt ? `on ${formatDate(ending.endsAt)}` : 'with this period';
}

/**
 * The one wording of a pie's status on every fan screen (/pie, /my-pies, the dashboard, the
 * checkout result): a pie the fan cancelled still runs until its period ends, and says so.
 */
export function pieStatusLabel(status: PieStatus, ending: PieEnding | null): string {
  if (status === 'past_due') return 'Payment due';
  if (status === 'canceled') return 'Cancelled';
  if (status === 'ended') return 'Ended';
  if (ending) return `Ending ${endsPhrase(ending)}`;
  return 'Active';
}

/**
 * Whether the fan has cancelled this pie: its Stripe subscription then ends with the current
 * period, and the pie says so instead of offering to cancel again. `endsAt` is that period's end
 * (null if neither Stripe nor the pie knows it).
 */
export function usePieEnding(pie: Pick<Pie, 'subscriptionId' | 'currentPeriod'>): PieEnding | null {
  const subscription = useGetActiveSubscriptionQuery().data;
  if (!pie.subscriptionId || subscription?.id !== pie.subscriptionId || !subscription.cancelAtPeriodEnd) return null;
  return { endsAt: subscription.currentPeriodEnd ?? pie.currentPeriod?.endsAt ?? null };
}

/** The pie's status as every fan screen words it, and its end when the fan cancelled it. */
export function usePieStatus(pie: Pick<Pie, 'status' | 'subscriptionId' | 'currentPeriod'>): { label: string; ending: PieEnding | null } {
  const ending = usePieEnding(pie);
  return { label: pieStatusLabel(pie.status, pie.status === 'active' ? ending : null), ending: pie.status === 'active' ? ending : null };
}
