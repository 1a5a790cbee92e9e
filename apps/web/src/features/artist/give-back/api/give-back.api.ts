import type { ApiSuccess, GiveBackView } from '#pie/contracts';
import { artistBaseApi, unwrap, unwrapPage, type Paged } from '@web/shared/api';

export type { GiveBackView };

/** A gift is a share (percent of the office's earnings) or an amount (dollars, parsed to cents by the server). */
export type GiveBackRequest = { officeId: string } & ({ share: number } | { amount: string });

/** Give-back: an office's gifts to the promotion pool that funds free pies for new fans. */
export const giveBackApi = artistBaseApi.injectEndpoints({
  endpoints: (build) => ({
    listGiveBacks: build.query<Paged<GiveBackView>, { officeId: string; page: number }>({
      query: (params) => ({ url: 'give-back', params }),
      transformResponse: unwrapPage<GiveBackView>,
      providesTags: (_result, _error, { officeId }) => [{ type: 'GiveBack', id: officeId }],
    }),
    giveBack: build.mutation<GiveBackView, GiveBackRequest>({
      query: (body) => ({ url: 'give-back', method: 'POST', body }),
      transformResponse: (response: ApiSuccess<GiveBackView>) => unwrap(response),
      // The gift leaves the office's earnings: its balance and transactions change too.
      invalidatesTags: (_result, error, { officeId }) =>
        error
          ? []
          : [
              { type: 'GiveBack', id: officeId },
              { type: 'WalletBalance', id: officeId },
              { type: 'Transaction', id: officeId },
            ],
    }),
  }),
});

export const { useListGiveBacksQuery, useGiveBackMutation } = giveBackApi;
