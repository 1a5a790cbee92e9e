import type { AdminProfile, ApiSuccess, LoginRequest } from '#pie/contracts';
import { adminBaseApi, LIST, entityTags, unwrap } from '@web/shared/api';
import { adminSessionConfirmed } from '@web/shared/session';

/** Admin sign-in under `/api/admin` (spec §7 "Admin"). */
export const adminAuthApi = adminBaseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST auth/login; the server sets the admin session cookie (7 days). */
    adminLogin: build.mutation<ApiSuccess<AdminProfile>, LoginRequest>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
      invalidatesTags: [{ type: 'AdminProfile', id: LIST }],
    }),
    /** POST auth/logout. */
    adminLogout: build.mutation<ApiSuccess, void>({
      query: () => ({ url: 'auth/logout', method: 'POST' }),
    }),
    /** GET profile: the signed-in admin. The guard handles a 401 itself (to /admin and back). */
    getAdminProfile: build.query<AdminProfile, void>({
      query: () => 'profile',
      extraOptions: { sessionCheck: true },
      transformResponse: unwrap<AdminProfile>,
      providesTags: (profile) => entityTags('AdminProfile', profile?._id),
      // Signed in as soon as the answer comes, whoever asked (the guard or the layout).
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(adminSessionConfirmed());
        } catch {
          // A 401 clears the session in the base query; other failures leave it as it was.
        }
      },
    }),
  }),
});

export const { useAdminLoginMutation, useAdminLogoutMutation, useGetAdminProfileQuery } = adminAuthApi;
