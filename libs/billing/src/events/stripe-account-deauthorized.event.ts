import { defineEvent } from '#pie/platform';

export interface StripeAccountDeauthorizedPayload {
  /** The connected account (`acct_…`) that disconnected Pie's platform. */
  accountId: string;
}

/**
 * Stripe sent `account.application.deauthorized`: the account removed Pie's access (Pie can no longer
 * read it, transfer to it or pay it out). Billing passes it on; payouts stops sending the office money.
 */
export const StripeAccountDeauthorized = defineEvent<StripeAccountDeauthorizedPayload>('billing.stripe-account-deauthorized.v1');
