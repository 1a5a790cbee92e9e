import type { AdminProfile, ApiSuccess, LoginRequest } from '#pie/contracts';
import { adminBaseApi, LIST, entityTags } from '../../../../shared/api';

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
      extraOptions: { skipUnauthorizedRedirect: true },
      transformResponse: (response: ApiSuccess<AdminProfile>) => {
        if (!response.data) throw new Error('GET /api/admin/profile answered without data');
        return response.data;
      },
      providesTags: (profile) => entityTags('AdminProfile', profile?._id),
    }),
  }),
});

export const { useAdminLoginMutation, useAdminLogoutMutation, useGetAdminProfileQuery } = adminAuthApi;
