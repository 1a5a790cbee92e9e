import type {
  ApiSuccess,
  FanUser,
  ForgotPasswordRequest,
  LoginRequest,
  PromoAvailability,
  RegisterFanRequest,
} from '#pie/contracts';
import { baseApi, LIST, entityTags, unwrap } from '@web/shared/api';
import { sessionConfirmed } from '@web/shared/session';

/** Fan authentication calls under `/api` (spec §7 "Fan auth"). */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/auth/register; the server e-mails a verification link (201 whether or not the e-mail exists). */
    register: build.mutation<ApiSuccess<{ email: string }>, RegisterFanRequest>({
      query: (body) => ({ url: 'auth/register', method: 'POST', body }),
    }),
    /** POST /api/auth/login; the server sets the httpOnly session cookie. */
    login: build.mutation<ApiSuccess<FanUser>, LoginRequest>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
      invalidatesTags: [{ type: 'User', id: LIST }],
    }),
    /** POST /api/auth/verify-email/:token, no body. */
    verifyEmail: build.mutation<ApiSuccess, string>({
      query: (token) => ({ url: `auth/verify-email/${encodeURIComponent(token)}`, method: 'POST' }),
      invalidatesTags: [{ type: 'User', id: LIST }],
    }),
    /** POST /api/auth/forgot-password; always the same neutral answer. */
    forgotPassword: build.mutation<ApiSuccess, ForgotPasswordRequest>({
      query: (body) => ({ url: 'auth/forgot-password', method: 'POST', body }),
    }),
    /** POST /api/auth/resend-verification; the same neutral answer for every address. */
    resendVerification: build.mutation<ApiSuccess, ForgotPasswordRequest>({
      query: (body) => ({ url: 'auth/resend-verification', method: 'POST', body }),
    }),
    /** POST /api/auth/reset-password/:token (spec §3: token in path, password in body). */
    resetPassword: build.mutation<ApiSuccess, { token: string; password: string }>({
      query: ({ token, password }) => ({
        url: `auth/reset-password/${encodeURIComponent(token)}`,
        method: 'POST',
        body: { password },
      }),
    }),
    /** POST /api/auth/logout; the server revokes the session and clears the cookie. */
    logout: build.mutation<ApiSuccess, void>({
      query: () => ({ url: 'auth/logout', method: 'POST' }),
    }),
    /** GET /api/user: the signed-in fan. */
    getUser: build.query<FanUser, void>({
      query: () => 'user',
      // Asked by the guard (which sends a visitor to /login and back) and by the layout on
      // public pages (where a visitor without a session simply stays): neither wants the 401 rule.
      extraOptions: { sessionCheck: true },
      transformResponse: unwrap<FanUser>,
      providesTags: (user) => entityTags('User', user?._id),
      // Signed in as soon as the answer comes, whoever asked: the layout's navigation then
      // appears in the same render as the screen, not one after it.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(sessionConfirmed());
        } catch {
          // A 401 clears the session in the base query; other failures leave it as it was.
        }
      },
    }),
    /** GET /api/stripe/promoAvailability: are free /try codes left, and how many. */
    promoAvailability: build.query<ApiSuccess<PromoAvailability>, { recaptchaToken?: string }>({
      query: ({ recaptchaToken }) => ({
        url: 'stripe/promoAvailability',
        params: recaptchaToken ? { recaptchaToken } : undefined,
      }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useRegisterMutation,
  useLoginMutation,
  useVerifyEmailMutation,
  useForgotPasswordMutation,
  useResendVerificationMutation,
  useResetPasswordMutation,
  useLogoutMutation,
  useGetUserQuery,
  useLazyPromoAvailabilityQuery,
} = authApi;
