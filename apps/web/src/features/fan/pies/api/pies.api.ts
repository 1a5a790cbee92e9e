import type { CheckoutView, OrphanedTrackView, Pie, PieStatement, PieWithPeriods, PromoEligibility, RealtimeStats, SubscriptionView } from '#pie/contracts';
import { baseApi, LIST, ME, unwrap } from '@web/shared/api';

export { useGetActivePieQuery } from '@web/shared/pies';
export { useGetActiveSubscriptionQuery } from '@web/shared/payments';

export interface RealtimeStatsArgs {
  /** One of the fan's pies, or `NEW_PIE` for the create modal's estimate of a pie not made yet. */
  pieId: string;
  limit?: number;
  artistPopularity?: number;
  excludeNonActive?: boolean;
  /** Dollars, e.g. "8.41": what a new pie would split (only with `NEW_PIE`). */
  amount?: string;
}

export interface UpdatePieArgs {
  pieId: string;
  /** Dollars as typed, e.g. "12.50": the server parses them into cents. */
  amount?: string;
  artistLimit?: number;
  artistPopularity?: number;
  excludeNonActive?: boolean;
  pieDays?: number;
}

/** The create modal's fields as sent: `amount` in dollars as the fan typed it (the server parses it as a decimal). */
export interface CreateCheckoutArgs {
  amount: string;
  artistLimit: number;
  artistPopularity: number;
  excludeNonActive: boolean;
  pieDays: number;
}

/** The free pie's settings: the create modal's fields without the amount (the promotion's $5). */
export type CreatePromoSubscriptionArgs = Omit<CreateCheckoutArgs, 'amount'>;

/**
 * What starting the free pie changes: the pie and its split, the subscription, the wallet (the
 * promotion's credit), the eligibility and the fan's `used_promotion_code`.
 */
const FREE_PIE_STARTED = [
  { type: 'Pie' as const, id: LIST },
  { type: 'PieSplit' as const, id: LIST },
  { type: 'Subscription' as const, id: ME },
  { type: 'Wallet' as const, id: ME },
  { type: 'Promotion' as const, id: ME },
  { type: 'User' as const, id: LIST },
];

/** The fan's pies (spec §7 Pie rows) and statements; the contract is libs/contracts/src/pies.ts. */
export const piesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRealtimeStats: build.query<RealtimeStats, RealtimeStatsArgs>({
      query: ({ pieId, ...overrides }) => ({ url: `pie/${pieId}/realtime-stats`, params: overrides }),
      transformResponse: unwrap<RealtimeStats>,
      providesTags: [{ type: 'PieSplit', id: LIST }],
    }),
    getFanPies: build.query<PieWithPeriods[], string>({
      query: (userId) => `pie/user/${userId}/pies`,
      transformResponse: unwrap<PieWithPeriods[]>,
      providesTags: [{ type: 'Pie', id: LIST }],
    }),
    getOrphanedTracks: build.query<OrphanedTrackView[], string>({
      query: (pieId) => `pie/${pieId}/orphaned-tracks`,
      transformResponse: unwrap<OrphanedTrackView[]>,
    }),
    /** Queues the catalogue look-up of the fan's missing tracks and answers at once (a few times in ten minutes). */
    addMissingTracks: build.mutation<unknown, void>({
      query: () => ({ url: 'pie/add-missing-tracks-anytime', method: 'POST' }),
    }),
    getStatement: build.query<PieStatement, string>({
      query: (periodId) => `pie/periods/${periodId}/statement`,
      transformResponse: unwrap<PieStatement>,
    }),
    updatePie: build.mutation<Pie, UpdatePieArgs>({
      query: ({ pieId, ...body }) => ({ url: `pie/${pieId}`, method: 'PATCH', body }),
      transformResponse: unwrap<Pie>,
      invalidatesTags: [{ type: 'Pie', id: LIST }, { type: 'PieSplit', id: LIST }],
    }),
    banArtist: build.mutation<unknown, { artistId: string; banned: boolean }>({
      query: ({ artistId, banned }) => ({ url: `pie/artist/${artistId}/ban`, method: 'PATCH', body: { banned } }),
      invalidatesTags: [{ type: 'PieSplit', id: LIST }],
    }),
    setInclusion: build.mutation<unknown, { pieArtistId: string; included: boolean | null }>({
      query: ({ pieArtistId, included }) => ({ url: `pie/artist/${pieArtistId}/set-inclusion`, method: 'PATCH', body: { included } }),
      invalidatesTags: [{ type: 'PieSplit', id: LIST }],
    }),
    /** Billing's checkout (spec §7 Payments): answers the hosted payment page's URL. */
    createCheckout: build.mutation<CheckoutView, CreateCheckoutArgs>({
      query: (body) => ({ url: 'stripe/createCheckout', method: 'POST', body }),
      transformResponse: unwrap<CheckoutView>,
    }),
    /** Whether this fan may still start the free pie (spec §4 "Promo eligible", with the fan's own flags). */
    getPromoEligibility: build.query<PromoEligibility, void>({
      query: () => 'stripe/promoEligibility',
      transformResponse: unwrap<PromoEligibility>,
      providesTags: [{ type: 'Promotion', id: ME }],
    }),
    /**
     * The free $5 pie (spec §7 Payments: createCheckout's fields without the amount): no payment page,
     * the subscription starts at once. Only a start changes anything: a refusal (409) leaves the
     * offer and its message on screen.
     */
    createPromoSubscription: build.mutation<SubscriptionView, CreatePromoSubscriptionArgs>({
      query: (body) => ({ url: 'stripe/createPromoSubscription', method: 'POST', body }),
      transformResponse: unwrap<SubscriptionView>,
      invalidatesTags: (result) => (result ? FREE_PIE_STARTED : []),
    }),
    cancelSubscription: build.mutation<unknown, { subscriptionId: string }>({
      query: (body) => ({ url: 'stripe/cancelSubscription', method: 'POST', body }),
      invalidatesTags: [{ type: 'Pie', id: LIST }, { type: 'Subscription', id: ME }],
    }),
  }),
});

export const {
  useGetRealtimeStatsQuery,
  useGetFanPiesQuery,
  useGetStatementQuery,
  useGetOrphanedTracksQuery,
  useAddMissingTracksMutation,
  useUpdatePieMutation,
  useBanArtistMutation,
  useSetInclusionMutation,
  useCreateCheckoutMutation,
  useGetPromoEligibilityQuery,
  useCreatePromoSubscriptionMutation,
  useCancelSubscriptionMutation,
} = piesApi;
