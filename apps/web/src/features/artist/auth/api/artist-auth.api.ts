import type {
  ApiSuccess,
  ArtistUser,
  CompleteArtistRegistrationRequest,
  ForgotPasswordRequest,
  LoginRequest,
  RegisterArtistRequest,
} from '#pie/contracts';
import { artistBaseApi, LIST, entityTags } from '../../../../shared/api';

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
      extraOptions: { skipUnauthorizedRedirect: true },
      transformResponse: (response: ApiSuccess<ArtistUser>) => {
        if (!response.data) throw new Error('GET /api/for-artists/user answered without data');
        return response.data;
      },
      providesTags: (user) => entityTags('ArtistUser', user?._id),
    }),
  }),
});

export const {
  useArtistLoginMutation,
  useArtistLogoutMutation,
  useArtistRegisterMutation,
  useArtistVerifyEmailMutation,
  useArtistForgotPasswordMutation,
  useArtistResetPasswordMutation,
  useCompleteRegistrationMutation,
  useGetArtistUserQuery,
} = artistAuthApi;
