import type { ApiSuccess, SubscriptionView } from '#pie/contracts';
import { baseApi, ME } from '../api';

/**
 * GET /api/stripe/activeSubscription: the fan's subscription, or null. Shared by the payment
 * screens and the pie screens (which show a cancelled pie as ending), one cache entry for both.
 */
export const activeSubscriptionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getActiveSubscription: build.query<SubscriptionView | null, void>({
      query: () => 'stripe/activeSubscription',
      transformResponse: (response: ApiSuccess<SubscriptionView | null>) => response.data ?? null,
      providesTags: [{ type: 'Subscription', id: ME }],
    }),
  }),
});

export const { useGetActiveSubscriptionQuery } = activeSubscriptionApi;
