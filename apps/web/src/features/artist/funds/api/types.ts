/** The funds screens' view of the payouts API: the shapes are the API's own (libs/contracts/src/payouts.ts). */
export type {
  ApiSuccess,
  ConnectedAccountBalanceView,
  MonthlyFeeCheckView,
  OfficeBalanceView,
  OfficeWalletBalanceView,
  PayoutStatus,
  PayoutView,
  StripeConnectionStatus,
  TotalPayoutView,
  TransactionFilter,
  TransactionDetailView,
  TransactionView,
  TransferView,
} from '#pie/contracts';
export { TRANSACTION_FILTERS } from '#pie/contracts';
