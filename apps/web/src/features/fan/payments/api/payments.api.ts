import type {
  ApiSuccess,
  SubscriptionView,
  WalletBalanceView,
  WalletSummaryView,
  WalletTransactionType,
  WalletTransactionView,
} from '#pie/contracts';
import { baseApi, ME, unwrap, unwrapPage, type Paged } from '@web/shared/api';

export { useGetActiveSubscriptionQuery } from '@web/shared/payments';

const MONEY_MOVED = [
  { type: 'Subscription' as const, id: ME },
  { type: 'Wallet' as const, id: ME },
];

/** The fan's subscription and billing (api-endpoints Payments rows; the checkout itself is started by the pies feature's create modal) and wallet (Wallet rows). */
export const paymentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Re-reads Stripe (the checkout return page does not wait for webhooks). A GET that changes data: a mutation. */
    refreshSubscription: build.mutation<SubscriptionView | null, void>({
      query: () => ({ url: 'stripe/refreshSubscription', method: 'GET' }),
      transformResponse: (response: ApiSuccess<SubscriptionView | null>) => response.data ?? null,
      invalidatesTags: MONEY_MOVED,
    }),
    /** A Billing Portal session: made on demand, never cached. */
    openBillingPortal: build.mutation<{ url: string }, void>({
      query: () => ({ url: 'stripe/customerBillingAccount', method: 'GET' }),
      transformResponse: unwrap<{ url: string }>,
    }),
    getWalletBalance: build.query<WalletBalanceView, void>({
      query: () => 'fan-wallet/balance',
      transformResponse: unwrap<WalletBalanceView>,
      providesTags: [{ type: 'Wallet', id: ME }],
    }),
    getWalletSummary: build.query<WalletSummaryView, void>({
      query: () => 'fan-wallet/summary',
      transformResponse: unwrap<WalletSummaryView>,
      providesTags: [{ type: 'Wallet', id: ME }],
    }),
    listWalletTransactions: build.query<Paged<WalletTransactionView>, { page: number; type?: WalletTransactionType }>({
      query: ({ page, type }) => ({ url: 'fan-wallet/transactions', params: { page, ...(type ? { type } : {}) } }),
      transformResponse: unwrapPage<WalletTransactionView>,
      providesTags: [{ type: 'Wallet', id: ME }],
    }),
  }),
});

export const {
  useRefreshSubscriptionMutation,
  useOpenBillingPortalMutation,
  useGetWalletBalanceQuery,
  useGetWalletSummaryQuery,
  useListWalletTransactionsQuery,
} = paymentsApi;
