import type {
  ApiSuccess,
  ChangePasswordRequest,
  FanUser,
  ForgotPasswordRequest,
  SocialProvider,
  UpdateFanNameRequest,
  UpdateVisibilityRequest,
  UserDetails,
} from '#pie/contracts';
import { baseApi, entityTags, LIST, unwrap } from '@web/shared/api';

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
      // A refused disconnect changed nothing: no refetch then.
      invalidatesTags: (result) => (result ? [{ type: 'User', id: LIST }] : []),
    }),
    /** GET /api/user/details/:userId for the fan themself: their username and what others see. */
    getOwnProfile: build.query<UserDetails, string>({
      query: (userId) => `user/details/${encodeURIComponent(userId)}`,
      transformResponse: unwrap<UserDetails>,
      providesTags: (_result, _error, userId) => entityTags('FanProfile', userId),
    }),
    /** PUT /api/user/username (409 when someone has it, 400 when malformed). */
    updateUsername: build.mutation<ApiSuccess, { userId: string; username: string }>({
      query: ({ username }) => ({ url: 'user/username', method: 'PUT', body: { username } }),
      invalidatesTags: (_result, _error, { userId }) => [{ type: 'FanProfile', id: userId }],
    }),
    /** PUT /api/user/visibility: one section (or `public` for all) at a time. */
    updateVisibility: build.mutation<ApiSuccess, { userId: string; change: UpdateVisibilityRequest }>({
      query: ({ change }) => ({ url: 'user/visibility', method: 'PUT', body: change }),
      invalidatesTags: (_result, _error, { userId }) => [{ type: 'FanProfile', id: userId }],
    }),
    /** PUT /api/user/name: the fan's first and last name; the signed-in fan is read again after it. */
    updateName: build.mutation<ApiSuccess<FanUser>, UpdateFanNameRequest>({
      query: (body) => ({ url: 'user/name', method: 'PUT', body }),
      invalidatesTags: (result) => (result ? [{ type: 'User', id: LIST }] : []),
    }),
    /** PUT /api/user/password: 400 `identity.wrong-current-password` when the current one is wrong. */
    changePassword: build.mutation<ApiSuccess, ChangePasswordRequest>({
      query: (body) => ({ url: 'user/password', method: 'PUT', body }),
    }),
    /** POST /api/auth/forgot-password for the fan's own address: the link to change the password. */
    sendPasswordLink: build.mutation<ApiSuccess, ForgotPasswordRequest>({
      query: (body) => ({ url: 'auth/forgot-password', method: 'POST', body }),
    }),
    /** POST /api/auth/resend-verification for the fan's own address. */
    resendOwnVerification: build.mutation<ApiSuccess, ForgotPasswordRequest>({
      query: (body) => ({ url: 'auth/resend-verification', method: 'POST', body }),
    }),
    /** DELETE /api/auth/account: anonymises the fan and ends every session. */
    deleteAccount: build.mutation<ApiSuccess, void>({
      query: () => ({ url: 'auth/account', method: 'DELETE' }),
    }),
  }),
});

export const {
  useLinkAccountMutation,
  useDisconnectAccountMutation,
  useDeleteAccountMutation,
  useGetOwnProfileQuery,
  useUpdateUsernameMutation,
  useUpdateVisibilityMutation,
  useSendPasswordLinkMutation,
  useResendOwnVerificationMutation,
  useUpdateNameMutation,
  useChangePasswordMutation,
} = settingsApi;
