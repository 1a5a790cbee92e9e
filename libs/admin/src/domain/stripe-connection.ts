/** An office's Stripe connection as the audit log and the admin's answer show it. */
export interface StripeConnectionView {
  stripeAccountId: string;
  status: string;
  disconnectedAt: string | null;
}

/** The one mapper from payouts' connection to the admin's view. */
export function connectionView(row: { stripe_account_id: string; status: string; disconnected_at: Date | string | null }): StripeConnectionView {
  return { stripeAccountId: row.stripe_account_id, status: row.status, disconnectedAt: row.disconnected_at ? new Date(row.disconnected_at).toISOString() : null };
}
