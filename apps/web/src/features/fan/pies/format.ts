// Pie-only display helpers; money, dates and durations use the app's one set in shared/format.
import { EXCLUSION_REASON_LABEL } from '#pie/contracts';

/** Why an artist got nothing (contracts: the statement's PDF says the same). */
export const REASON_LABEL: Record<string, string> = EXCLUSION_REASON_LABEL;

/**
 * What a payment of `cents` leaves for the artists after Stripe's card fee (2.9% + 30¢) and Pie's
 * platform fee (10%), shown before paying. Integer cents, rounded as the server rounds (half up).
 */
export function feePreview(cents: number, platformFeeBps = 1000): { processorFeeCents: number; platformFeeCents: number; netCents: number } {
  const processorFeeCents = Math.round((cents * 29) / 1000) + 30;
  const platformFeeCents = Math.round((cents * platformFeeBps) / 10_000);
  return { processorFeeCents, platformFeeCents, netCents: Math.max(0, cents - processorFeeCents - platformFeeCents) };
}
