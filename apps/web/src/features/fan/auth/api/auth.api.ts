import type { ApiSuccess, FanUser, LoginRequest, RegisterFanRequest } from '#pie/contracts';
import { baseApi } from '../../../../shared/api';

/** Fan authentication calls under `/api` (spec §7 "Fan auth"). */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/auth/register; the server e-mails a verification link. */
    register: build.mutation<ApiSuccess, RegisterFanRequest>({
      query: (body) => ({ url: 'auth/register', method: 'POST', body }),
    }),
    /** POST /api/auth/login; the server sets the httpOnly session cookie. */
    login: build.mutation<ApiSuccess, LoginRequest>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    /** POST /api/auth/verify-email/:token, no body. */
    verifyEmail: build.mutation<ApiSuccess, string>({
      query: (token) => ({ url: `auth/verify-email/${encodeURIComponent(token)}`, method: 'POST' }),
      invalidatesTags: ['User'],
    }),
    /** POST /api/auth/logout; the server revokes the session and clears the cookie. */
    logout: build.mutation<ApiSuccess, void>({
      query: () => ({ url: 'auth/logout', method: 'POST' }),
    }),
    /** GET /api/user: the signed-in fan. */
    getUser: build.query<FanUser, void>({
      query: () => 'user',
      transformResponse: (response: ApiSuccess<FanUser>) => {
        if (!response.data) throw new Error('GET /api/user answered without data');
        return response.data;
      },
      providesTags: (user) => (user ? [{ type: 'User', id: user._id }, 'User'] : ['User']),
    }),
  }),
});

export const {
  useRegisterMutation,
  useLoginMutation,
  useVerifyEmailMutation,
  useLogoutMutation,
  useGetUserQuery,
} = authApi;
