import { defineEvent } from '#pie/platform';

export interface StripeAccountUpdatedPayload {
  /** The connected account (`acct_…`) Stripe says changed; listeners re-read it from Stripe. */
  accountId: string;
}

/**
 * Stripe sent `account.updated` for a connected account. Billing owns the one webhook intake and
 * passes the news on; payouts re-reads the account (events can come late, twice or out of order).
 */
export const StripeAccountUpdated = defineEvent<StripeAccountUpdatedPayload>('billing.stripe-account-updated.v1');
