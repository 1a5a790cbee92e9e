import { defineEvent } from '#pie/platform';

export interface StripePayoutUpdatedPayload {
  /** The office's connected account (`acct_…`) the payout belongs to. */
  accountId: string;
  /** The payout (`po_…`); listeners re-read it from that account. */
  payoutId: string;
}

/**
 * Stripe sent news of a connected account's payout (`payout.paid`, `payout.failed`, …). Billing owns
 * the one webhook intake and passes it on; payouts re-reads the payout and records what it became.
 */
export const StripePayoutUpdated = defineEvent<StripePayoutUpdatedPayload>('billing.stripe-payout-updated.v1');
