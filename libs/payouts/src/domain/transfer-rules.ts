/**
 * When an office's earnings go to its Stripe account, as pure rules (the sweep, the sender and the
 * office's funds screen all ask the same questions; the ledger work is in transfers.ts).
 */

/** The first instant of `now`'s month, UTC: Stripe bills its Connect fee per calendar month. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Whether `now` is on the last day of its month (UTC): the day the month-end transfer goes. */
export function isLastDayOfMonth(now: Date): boolean {
  const tomorrow = new Date(now.getTime() + 24 * 3600 * 1000);
  return tomorrow.getUTCMonth() !== now.getUTCMonth();
}

/**
 * Whether the earnings an office holds are due to go now: they reach the threshold, or it is the
 * month's end and they hold anything (an office below the threshold is still paid every month).
 * Nothing is due from empty (or, after a reversal, negative) earnings.
 */
export function transferIsDue(heldCents: number, options: { thresholdCents: number; monthEnd: boolean }): boolean {
  if (heldCents <= 0) return false;
  return heldCents >= options.thresholdCents || options.monthEnd;
}

/** Whether this month's earnings so far cover Stripe's monthly fee for an active account. */
export function monthlyFeeCovered(earningsThisMonthCents: number, monthlyFeeCents: number): boolean {
  return earningsThisMonthCents >= monthlyFeeCents;
}
