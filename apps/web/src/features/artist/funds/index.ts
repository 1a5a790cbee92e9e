export { FundsPage } from './components/FundsPage';
export { FundsItemNotFound } from './components/FundsItemNotFound';
export { PayoutDetailsPage, TransactionDetailsPage } from './components/FundsItemPage';
export { StripeConnectionSection } from './components/StripeConnectionSection';
export { ClaimFundsSection } from './components/ClaimFundsSection';
export { useCheckMonthlyFeeQuery, useGetOfficeBalanceQuery, useGetWalletBalanceQuery } from './api/funds.api';
