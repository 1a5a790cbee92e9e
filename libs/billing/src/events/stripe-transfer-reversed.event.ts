import { defineEvent } from '#pie/platform';

export interface StripeTransferReversedPayload {
  /** The platform's transfer (`tr_…`) some of which Stripe took back from the connected account; listeners re-read it. */
  transferId: string;
}

/** Stripe sent `transfer.reversed`. Billing owns the one webhook intake and passes it on; payouts books each reversal. */
export const StripeTransferReversed = defineEvent<StripeTransferReversedPayload>('billing.stripe-transfer-reversed.v1');
