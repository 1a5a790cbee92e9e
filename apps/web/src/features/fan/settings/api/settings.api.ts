import type { ApiSuccess, SocialProvider } from '#pie/contracts';
import { baseApi, LIST } from '../../../../shared/api';

/** Fan account settings under `/api/auth` (spec §7 "Fan auth"). */
export const settingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/auth/link-<provider> → the provider's page to continue at. */
    linkAccount: build.mutation<ApiSuccess<{ url: string }>, SocialProvider>({
      query: (provider) => ({ url: `auth/link-${provider}`, method: 'POST' }),
    }),
    /** POST /api/auth/disconnect-<provider>; 409 when it is the last way to sign in. */
    disconnectAccount: build.mutation<ApiSuccess, SocialProvider>({
      query: (provider) => ({ url: `auth/disconnect-${provider}`, method: 'POST' }),
      invalidatesTags: [{ type: 'User', id: LIST }],
    }),
    /** DELETE /api/auth/account: anonymises the fan and ends every session. */
    deleteAccount: build.mutation<ApiSuccess, void>({
      query: () => ({ url: 'auth/account', method: 'DELETE' }),
    }),
  }),
});

export const { useLinkAccountMutation, useDisconnectAccountMutation, useDeleteAccountMutation } = settingsApi;
