/** An office's Stripe connection as the audit log and the admin's answer show it. */
export interface StripeConnectionView {
  stripeAccountId: string;
  status: string;
  disconnectedAt: string | null;
}

/** The one mapper from payouts' connection to the admin's view. */
export function connectionView(account: { stripeAccountId: string; status: string; disconnectedAt: Date | string | null }): StripeConnectionView {
  return { stripeAccountId: account.stripeAccountId, status: account.status, disconnectedAt: account.disconnectedAt ? new Date(account.disconnectedAt).toISOString() : null };
}
