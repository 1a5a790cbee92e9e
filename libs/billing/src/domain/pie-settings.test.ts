import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { pieSettingsMetadata, pieSettingsOf } from './pie-settings.js';

const settings = { amountCents: 1_250, artistLimit: 12, artistPopularity: 40, excludeNonActive: true, pieDays: 14 };

function subscription(metadata: Record<string, string>, price?: { unit_amount: number; interval: string; interval_count: number }): Stripe.Subscription {
  return {
    metadata,
    items: { data: price ? [{ price: { unit_amount: price.unit_amount, recurring: { interval: price.interval, interval_count: price.interval_count } } }] : [] },
  } as unknown as Stripe.Subscription;
}

describe('pie settings in Stripe metadata', () => {
  it('come back from a subscription as the fan chose them', () => {
    expect(pieSettingsOf(subscription(pieSettingsMetadata('fan-1', settings), { unit_amount: 1_250, interval: 'day', interval_count: 14 }))).toEqual(settings);
  });

  it('take the amount and the period from the price, which is what Stripe charges, not from edited metadata', () => {
    const edited = { ...pieSettingsMetadata('fan-1', settings), amount_cents: '1', pie_days: '90' };
    expect(pieSettingsOf(subscription(edited, { unit_amount: 2_000, interval: 'day', interval_count: 30 }))).toMatchObject({ amountCents: 2_000, pieDays: 30 });
  });

  it('fall back to the defaults, within the limits, for values out of range or not numbers', () => {
    const read = pieSettingsOf(subscription({ artist_limit: '500', artist_popularity: 'lots', pie_days: '3', amount_cents: '5000000', exclude_non_active: 'yes' }));
    expect(read).toEqual({ amountCents: 100_000, artistLimit: 20, artistPopularity: 0, excludeNonActive: false, pieDays: 30 });
  });
});
