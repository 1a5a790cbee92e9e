/**
 * The funds screens' view of the payouts API. Provisional: replaced by `libs/contracts/src/payouts.ts`
 * once the payouts module publishes it.
 */
export type { ApiSuccess } from '#pie/contracts';

export const TRANSACTION_FILTERS = ['all', 'credit', 'payout'] as const;
export type TransactionFilter = (typeof TRANSACTION_FILTERS)[number];

export type StripeConnectionStatus = 'not_connected' | 'requirements_due' | 'enabled';

export interface MonthlyFeeCheckView {
  status: StripeConnectionStatus;
  monthlyFeeCents: number;
  earningsThisMonthCents: number;
  covered: boolean;
}

export interface OfficeBalanceView {
  earningsCents: number;
  escrowCents: number;
}

export interface ConnectedAccountBalanceView {
  availableCents: number;
  pendingCents: number;
}

export interface TotalPayoutView {
  totalCents: number;
}

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
