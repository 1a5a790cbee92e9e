/** Ledger journal kinds as the back office names them (an unknown kind is shown as written, spaced). */
export const JOURNAL_KIND_LABELS: Record<string, string> = {
  invoice_paid: 'Fan payment',
  promo_grant: 'Free promotion',
  promo_returned: 'Promotion returned',
  platform_top_up: 'Promotion pool top-up',
  pie_period_closed: 'Pie split',
  escrow_released: 'Escrow released to an office',
  escrow_expired: 'Escrow returned to fans',
  transfer: 'Transfer to an office’s Stripe',
  transfer_failed: 'Transfer refused by Stripe',
  transfer_reversed: 'Transfer reversed by Stripe',
  payout: 'Payout to a bank',
  payout_failed: 'Payout refused by the bank',
  payout_fee: 'Stripe payout fee',
  monthly_account_fee: 'Stripe monthly account fee',
  connected_account_deauthorized: 'Left with a disconnected Stripe account',
  give_back: 'Give-back',
  refund: 'Refund',
  refund_failed: 'Refund failed',
  dispute: 'Chargeback',
  dispute_won: 'Chargeback won',
  dispute_fee: 'Stripe dispute fee',
};

export const journalKindLabel = (kind: string): string => JOURNAL_KIND_LABELS[kind] ?? kind.replace(/_/g, ' ');
