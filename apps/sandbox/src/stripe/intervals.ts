import type Stripe from 'stripe';

const DAY = 86_400;

type Interval = Stripe.Price.Recurring.Interval;

/** `start` plus `count` intervals, months and years by the calendar (UTC), as Stripe bills. */
export function addInterval(start: number, interval: Interval, count: number): number {
  if (interval === 'day') return start + count * DAY;
  if (interval === 'week') return start + count * 7 * DAY;
  const date = new Date(start * 1000);
  const day = date.getUTCDate();
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + count, 1);
  else date.setUTCFullYear(date.getUTCFullYear() + count, date.getUTCMonth(), 1);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return Math.floor(date.getTime() / 1000);
}

