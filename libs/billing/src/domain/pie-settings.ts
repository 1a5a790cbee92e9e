import type Stripe from 'stripe';
import { ARTIST_LIMIT, ARTIST_POPULARITY, PIE_AMOUNT_MAX_CENTS, PIE_AMOUNT_MIN_CENTS, PIE_DAYS } from '#pie/contracts';
import type { PieSettings } from '../events/subscription-activated.event.js';

/** The pie's settings travel in the Checkout Session's and the subscription's metadata (strings). */
export function pieSettingsMetadata(fanId: string, settings: PieSettings): Record<string, string> {
  return {
    fan_id: fanId,
    amount_cents: String(settings.amountCents),
    artist_limit: String(settings.artistLimit),
    artist_popularity: String(settings.artistPopularity),
    exclude_non_active: String(settings.excludeNonActive),
    pie_days: String(settings.pieDays),
  };
}

function intIn(value: string | undefined, min: number, max: number, fallback: number): number {
  const parsed = value !== undefined && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(parsed) && parsed >= min && parsed <= max ? parsed : fallback;
}

/**
 * Reads the settings back from a subscription. The price is the truth for the amount and the
 * period length (metadata can be edited in Stripe's dashboard; the price is what is charged).
 */
export function pieSettingsOf(subscription: Stripe.Subscription): PieSettings {
  const metadata = subscription.metadata ?? {};
  const price = subscription.items.data[0]?.price;
  const unitAmount = price?.unit_amount ?? Number(metadata.amount_cents);
  const intervalDays = price?.recurring?.interval === 'day' ? price.recurring.interval_count : undefined;
  return {
    amountCents: Math.min(PIE_AMOUNT_MAX_CENTS, Math.max(PIE_AMOUNT_MIN_CENTS, Number.isSafeInteger(unitAmount) ? unitAmount : PIE_AMOUNT_MIN_CENTS)),
    artistLimit: intIn(metadata.artist_limit, ARTIST_LIMIT.min, ARTIST_LIMIT.max, ARTIST_LIMIT.default),
    artistPopularity: intIn(metadata.artist_popularity, ARTIST_POPULARITY.min, ARTIST_POPULARITY.max, ARTIST_POPULARITY.default),
    excludeNonActive: metadata.exclude_non_active === 'true',
    pieDays: intIn(String(intervalDays ?? metadata.pie_days), PIE_DAYS.min, PIE_DAYS.max, PIE_DAYS.default),
  };
}
