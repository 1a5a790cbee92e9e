/**
 * The funds screens' view of the payouts API. The Stripe connection and balance shapes come from
 * `libs/contracts/src/payouts.ts`; the rest are provisional until the payouts module publishes them.
 */
export type { ApiSuccess, ConnectedAccountBalanceView, MonthlyFeeCheckView, OfficeBalanceView, StripeConnectionStatus, TotalPayoutView } from '#pie/contracts';

export const TRANSACTION_FILTERS = ['all', 'credit', 'payout'] as const;
export type TransactionFilter = (typeof TRANSACTION_FILTERS)[number];

export type PayoutStatus = 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';

export interface PayoutView {
  id: string;
  amountCents: number;
  status: PayoutStatus;
  createdAt: string;
  arrivalDate: string | null;
  failureMessage: string | null;
}

export interface TransferView {
  id: string;
  amountCents: number;
  createdAt: string;
}

export interface TransactionView {
  id: string;
  kind: 'credit' | 'payout';
  amountCents: number;
  description: string;
  occurredAt: string;
}
