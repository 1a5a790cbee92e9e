import type {
  ApiSuccess,
  ConnectedAccountBalanceView,
  MonthlyFeeCheckView,
  OfficeBalanceView,
  OfficeWalletBalanceView,
  PayoutView,
  TotalPayoutView,
  TransactionFilter,
  TransactionDetailView,
  TransactionView,
  TransferView,
} from './types';
import { artistBaseApi, LIST, unwrap, unwrapPage, type Paged } from '@web/shared/api';

/** Every office-scoped read names its office (spec §7: payout-details, transactions… take officeId). */
interface OfficeArg {
  officeId: string;
}

const officeTag = <T extends 'Payout' | 'Transaction' | 'WalletBalance' | 'StripeConnection'>(type: T) =>
  (_result: unknown, _error: unknown, { officeId }: OfficeArg) => [{ type, id: officeId }];

/**
 * The artist area's funds (`/api/for-artists/stripe/*` and `claims/:id/{transactions,payouts}`,
 * spec §7). Creating a payout invalidates the cached payouts, transactions, claim payouts and
 * balances (spec §7's cache effects).
 */
export const fundsApi = artistBaseApi.injectEndpoints({
  endpoints: (build) => ({
    checkMonthlyFee: build.query<MonthlyFeeCheckView, OfficeArg>({
      query: (params) => ({ url: 'stripe/check-monthly-fee', params }),
      transformResponse: unwrap<MonthlyFeeCheckView>,
      providesTags: officeTag('StripeConnection'),
    }),
    /** GET stripe/wallet-balance: earnings, what is at Stripe, and the threshold transfers wait for. */
    getWalletBalance: build.query<OfficeWalletBalanceView, OfficeArg>({
      query: (params) => ({ url: 'stripe/wallet-balance', params }),
      transformResponse: unwrap<OfficeWalletBalanceView>,
      providesTags: officeTag('WalletBalance'),
    }),
    /** POST stripe/completeOnboarding → data.accountLink.url, where the browser goes next. */
    completeOnboarding: build.mutation<{ accountLink: { url: string } }, OfficeArg>({
      query: (body) => ({ url: 'stripe/completeOnboarding', method: 'POST', body }),
      transformResponse: unwrap<{ accountLink: { url: string } }>,
    }),
    /** GET stripe/createLoginLink → data.login_url: a one-off link, made on demand, never cached. */
    createLoginLink: build.mutation<{ login_url: string }, OfficeArg>({
      query: (params) => ({ url: 'stripe/createLoginLink', method: 'GET', params }),
      transformResponse: unwrap<{ login_url: string }>,
    }),
    getOfficeBalance: build.query<OfficeBalanceView, OfficeArg>({
      query: (params) => ({ url: 'stripe/balance', params }),
      transformResponse: unwrap<OfficeBalanceView>,
      providesTags: officeTag('WalletBalance'),
    }),
    getConnectedAccountBalance: build.query<ConnectedAccountBalanceView, OfficeArg>({
      query: (params) => ({ url: 'stripe/connected-account-balance', params }),
      transformResponse: unwrap<ConnectedAccountBalanceView>,
      providesTags: officeTag('WalletBalance'),
    }),
    getTotalPayout: build.query<TotalPayoutView, OfficeArg>({
      query: (params) => ({ url: 'stripe/total-payout', params }),
      transformResponse: unwrap<TotalPayoutView>,
      providesTags: officeTag('Payout'),
    }),
    listPayouts: build.query<Paged<PayoutView>, OfficeArg & { page: number }>({
      query: (params) => ({ url: 'stripe/payouts', params }),
      transformResponse: unwrapPage<PayoutView>,
      providesTags: officeTag('Payout'),
    }),
    getPayout: build.query<PayoutView, OfficeArg & { payoutId: string }>({
      query: (params) => ({ url: 'stripe/payout-details', params }),
      transformResponse: unwrap<PayoutView>,
      providesTags: officeTag('Payout'),
    }),
    listTransfers: build.query<Paged<TransferView>, OfficeArg>({
      query: (params) => ({ url: 'stripe/transfers-without-payouts', params }),
      transformResponse: unwrapPage<TransferView>,
      providesTags: officeTag('Transaction'),
    }),
    listTransactions: build.query<Paged<TransactionView>, OfficeArg & { filter: TransactionFilter; page: number }>({
      query: (params) => ({ url: 'stripe/transactions', params }),
      transformResponse: unwrapPage<TransactionView>,
      providesTags: officeTag('Transaction'),
    }),
    getTransaction: build.query<TransactionDetailView, OfficeArg & { transactionId: string }>({
      query: (params) => ({ url: 'stripe/transaction-details', params }),
      transformResponse: unwrap<TransactionDetailView>,
      providesTags: officeTag('Transaction'),
    }),
    listClaimTransactions: build.query<Paged<TransactionView>, { claimId: string; filter: TransactionFilter; page: number }>({
      query: ({ claimId, ...params }) => ({ url: `claims/${claimId}/transactions`, params }),
      transformResponse: unwrapPage<TransactionView>,
      providesTags: (_result, _error, { claimId }) => [
        { type: 'Transaction', id: LIST },
        { type: 'ClaimPayout', id: claimId },
      ],
    }),
    listClaimPayouts: build.query<{ items: PayoutView[]; totalCents: number }, string>({
      query: (claimId) => ({ url: `claims/${claimId}/payouts` }),
      transformResponse: (response: ApiSuccess<PayoutView[]> & { total?: number }) => ({
        items: response.data ?? [],
        totalCents: response.total ?? 0,
      }),
      providesTags: (_result, _error, claimId) => [
        { type: 'ClaimPayout', id: claimId },
        { type: 'ClaimPayout', id: LIST },
      ],
    }),
    /** POST stripe/create-payout (officeId) → success plus the payout made. */
    createPayout: build.mutation<PayoutView, OfficeArg>({
      query: (body) => ({ url: 'stripe/create-payout', method: 'POST', body }),
      transformResponse: unwrap<PayoutView>,
      // Spec §7: payouts, transactions, claim payouts and the wallet balance are stale now.
      invalidatesTags: (_result, error, { officeId }) =>
        error
          ? []
          : [
              { type: 'Payout', id: officeId },
              { type: 'Transaction', id: officeId },
              { type: 'Transaction', id: LIST },
              { type: 'ClaimPayout', id: LIST },
              { type: 'WalletBalance', id: officeId },
            ],
    }),
  }),
});

export const {
  useCheckMonthlyFeeQuery,
  useGetWalletBalanceQuery,
  useCompleteOnboardingMutation,
  useCreateLoginLinkMutation,
  useGetOfficeBalanceQuery,
  useGetConnectedAccountBalanceQuery,
  useGetTotalPayoutQuery,
  useListPayoutsQuery,
  useGetPayoutQuery,
  useListTransfersQuery,
  useListTransactionsQuery,
  useGetTransactionQuery,
  useListClaimTransactionsQuery,
  useListClaimPayoutsQuery,
  useCreatePayoutMutation,
} = fundsApi;
