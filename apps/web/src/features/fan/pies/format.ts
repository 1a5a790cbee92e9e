// Pie-only display helpers; money, dates and durations use the app's one set in shared/format.
export const REASON_LABEL: Record<string, string> = {
  banned: 'Banned by you',
  excluded: 'Excluded by you',
  no_listening: 'No listening this period',
  not_active: 'Not active',
  over_limit: 'Over your artist limit',
};

/**
 * What a payment of `cents` leaves for the artists after Stripe's card fee (2.9% + 30¢) and Pie's
 * platform fee (10%), shown before paying. Integer cents, rounded as the server rounds (half up).
 */
export function feePreview(cents: number, platformFeeBps = 1000): { processorFeeCents: number; platformFeeCents: number; netCents: number } {
  const processorFeeCents = Math.round((cents * 29) / 1000) + 30;
  const platformFeeCents = Math.round((cents * platformFeeBps) / 10_000);
  return { processorFeeCents, platformFeeCents, netCents: Math.max(0, cents - processorFeeCents - platformFeeCents) };
}
