import type {
  ApiSuccess,
  ArtistUser,
  CompleteArtistRegistrationRequest,
  ForgotPasswordRequest,
  LoginRequest,
  RegisterArtistRequest,
} from '#pie/contracts';
import { artistBaseApi, LIST, entityTags, unwrap } from '@web/shared/api';
import { artistSessionConfirmed } from '@web/shared/session';

/** Artist authentication under `/api/for-artists` (spec §7 "Artist auth"). */
export const artistAuthApi = artistBaseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST auth/login; the server sets the artist session cookie. */
    artistLogin: build.mutation<ApiSuccess<ArtistUser>, LoginRequest>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
      invalidatesTags: [{ type: 'ArtistUser', id: LIST }],
    }),
    /** POST auth/logout. */
    artistLogout: build.mutation<ApiSuccess, void>({
      query: () => ({ url: 'auth/logout', method: 'POST' }),
    }),
    /** POST auth/register; 201 whether or not the e-mail exists, a verification link by e-mail. */
    artistRegister: build.mutation<ApiSuccess<{ email: string }>, RegisterArtistRequest>({
      query: (body) => ({ url: 'auth/register', method: 'POST', body }),
    }),
    /** POST auth/verify-email/:token. */
    artistVerifyEmail: build.mutation<ApiSuccess, string>({
      query: (token) => ({ url: `auth/verify-email/${encodeURIComponent(token)}`, method: 'POST' }),
    }),
    /** POST auth/resend-verification; the same neutral answer for every address. */
    artistResendVerification: build.mutation<ApiSuccess, ForgotPasswordRequest>({
      query: (body) => ({ url: 'auth/resend-verification', method: 'POST', body }),
    }),
    /** POST auth/forgot-password; the same neutral answer for every address. */
    artistForgotPassword: build.mutation<ApiSuccess, ForgotPasswordRequest>({
      query: (body) => ({ url: 'auth/forgot-password', method: 'POST', body }),
    }),
    /** POST auth/reset-password/:token with the new password. */
    artistResetPassword: build.mutation<ApiSuccess, { token: string; password: string }>({
      query: ({ token, password }) => ({
        url: `auth/reset-password/${encodeURIComponent(token)}`,
        method: 'POST',
        body: { password },
      }),
    }),
    /** POST auth/complete-registration: an invited person sets a name and password; opens their session. */
    completeRegistration: build.mutation<ApiSuccess<ArtistUser>, CompleteArtistRegistrationRequest>({
      query: (body) => ({ url: 'auth/complete-registration', method: 'POST', body }),
      invalidatesTags: [{ type: 'ArtistUser', id: LIST }],
    }),
    /**
     * GET user: the signed-in artist. The area's guard handles a 401 itself
     * (to /for-artists/login and back), so the 401 rule does not redirect here.
     */
    getArtistUser: build.query<ArtistUser, void>({
      query: () => 'user',
      extraOptions: { sessionCheck: true },
      transformResponse: unwrap<ArtistUser>,
      providesTags: (user) => entityTags('ArtistUser', user?._id),
      // Signed in as soon as the answer comes, whoever asked (the guard or the layout).
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(artistSessionConfirmed());
        } catch {
          // A 401 clears the session in the base query; other failures leave it as it was.
        }
      },
    }),
  }),
});

export const {
  useArtistLoginMutation,
  useArtistLogoutMutation,
  useArtistRegisterMutation,
  useArtistVerifyEmailMutation,
  useArtistForgotPasswordMutation,
  useArtistResendVerificationMutation,
  useArtistResetPasswordMutation,
  useCompleteRegistrationMutation,
  useGetArtistUserQuery,
} = artistAuthApi;
