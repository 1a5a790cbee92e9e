import { Query } from '@nestjs/cqrs';
import type { OfficeWalletBalanceView, PayoutView, TransactionFilter, TransactionDetailView, TransactionView, TransferView } from '#pie/contracts';

/** A page of a list and its total. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

interface Paging {
  page: number;
  limit: number;
}

/** `GET stripe/payouts`: the office's payouts to its bank, newest first. */
export class ListPayouts extends Query<ListPage<PayoutView>> {
  constructor(readonly userId: string, readonly officeId: string, readonly paging: Paging) {
    super();
  }
}

/** `GET stripe/payout-details` (officeId, payoutId). */
export class GetPayoutDetails extends Query<PayoutView> {
  constructor(readonly userId: string, readonly officeId: string, readonly payoutId: string) {
    super();
  }
}

/** `GET stripe/transfers-without-payouts`: transfers that reached the Stripe account since its last payout. */
export class ListTransfersWithoutPayouts extends Query<ListPage<TransferView>> {
  constructor(readonly userId: string, readonly officeId: string, readonly paging: Paging) {
    super();
  }
}

/** `GET stripe/wallet-balance`: the office's earnings at Pie and what the ledger says is in its Stripe account. */
export class GetWalletBalance extends Query<OfficeWalletBalanceView> {
  constructor(readonly userId: string, readonly officeId: string) {
    super();
  }
}

/** `GET stripe/transactions` (officeId, filter). */
export class ListOfficeTransactions extends Query<ListPage<TransactionView>> {
  constructor(readonly userId: string, readonly officeId: string, readonly paging: Paging & { filter: TransactionFilter }) {
    super();
  }
}

/** `GET stripe/transaction-details` (officeId, transactionId). */
export class GetOfficeTransaction extends Query<TransactionDetailView> {
  constructor(readonly userId: string, readonly officeId: string, readonly transactionId: string) {
    super();
  }
}
