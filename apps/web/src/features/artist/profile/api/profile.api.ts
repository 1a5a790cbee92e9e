import type { ApiSuccess, ArtistUser, UpdateArtistProfileRequest } from '#pie/contracts';
import { artistBaseApi, LIST } from '@web/shared/api';

/** `PATCH /api/for-artists/user/profile` (spec §7: any subset of the four fields). */
export const profileApi = artistBaseApi.injectEndpoints({
  endpoints: (build) => ({
    updateArtistProfile: build.mutation<ApiSuccess<ArtistUser>, UpdateArtistProfileRequest>({
      query: (body) => ({ url: 'user/profile', method: 'PATCH', body }),
      invalidatesTags: [{ type: 'ArtistUser', id: LIST }],
    }),
  }),
});

export const { useUpdateArtistProfileMutation } = profileApi;
