import type { CheckoutView, OrphanedTrackView, Pie, PieStatement, PieWithPeriods, RealtimeStats } from '#pie/contracts';
import { baseApi, LIST, ME, unwrap } from '../../../../shared/api';

export { useGetActivePieQuery } from '../../../../shared/pies';
export { useGetActiveSubscriptionQuery } from '../../../../shared/payments';

export interface RealtimeStatsArgs {
  pieId: string;
  limit?: number;
  artistPopularity?: number;
  excludeNonActive?: boolean;
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
  useCancelSubscriptionMutation,
} = piesApi;
