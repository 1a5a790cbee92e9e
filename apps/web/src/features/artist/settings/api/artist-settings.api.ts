import type { ApiSuccess } from '#pie/contracts';
import { artistBaseApi, LIST } from '@web/shared/api';

/** Artist account settings under `/api/for-artists/auth` (spec §7 "Artist auth"). */
export const artistSettingsApi = artistBaseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST auth/link-google → Google's page; back at /for-artists/settings?linked=google. */
    artistLinkGoogle: build.mutation<ApiSuccess<{ url: string }>, void>({
      query: () => ({ url: 'auth/link-google', method: 'POST' }),
    }),
    /** POST auth/disconnect-google; 409 when it is the last way to sign in. */
    artistDisconnectGoogle: build.mutation<ApiSuccess, void>({
      query: () => ({ url: 'auth/disconnect-google', method: 'POST' }),
      // A refused disconnect changed nothing: no refetch then.
      invalidatesTags: (result) => (result ? [{ type: 'ArtistUser', id: LIST }] : []),
    }),
    /** DELETE auth/delete-account. */
    artistDeleteAccount: build.mutation<ApiSuccess, void>({
      query: () => ({ url: 'auth/delete-account', method: 'DELETE' }),
    }),
  }),
});

export const {
  useArtistLinkGoogleMutation,
  useArtistDisconnectGoogleMutation,
  useArtistDeleteAccountMutation,
} = artistSettingsApi;
