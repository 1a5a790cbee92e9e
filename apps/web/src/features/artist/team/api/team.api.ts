import type { ApiSuccess, OfficeMember, OfficeRole } from '#pie/contracts';
import { artistBaseApi, unwrap } from '@web/shared/api';

/** An office's members, invitations and member-artist assignments (spec §7). */
export const teamApi = artistBaseApi.injectEndpoints({
  endpoints: (build) => ({
    listMembers: build.query<OfficeMember[], string>({
      query: (officeId) => ({ url: `offices/${officeId}/members` }),
      transformResponse: unwrap<OfficeMember[]>,
      providesTags: (_result, _error, officeId) => [{ type: 'OfficeMembers', id: officeId }],
    }),
    inviteMember: build.mutation<OfficeMember, { officeId: string; email: string; role: OfficeRole }>({
      query: ({ officeId, ...body }) => ({ url: `offices/${officeId}/members`, method: 'POST', body }),
      transformResponse: unwrap<OfficeMember>,
      invalidatesTags: (_result, _error, { officeId }) => [{ type: 'OfficeMembers', id: officeId }],
    }),
    removeMember: build.mutation<ApiSuccess, { officeId: string; email: string }>({
      query: ({ officeId, email }) => ({ url: `offices/${officeId}/members/${encodeURIComponent(email)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { officeId }) => [{ type: 'OfficeMembers', id: officeId }],
    }),
    resendInvitation: build.mutation<ApiSuccess, { officeId: string; email: string }>({
      query: ({ officeId, email }) => ({ url: `offices/${officeId}/resend-invitation`, method: 'POST', body: { email } }),
    }),
    changeRole: build.mutation<OfficeMember, { officeId: string; userId: string; role: OfficeRole }>({
      query: ({ officeId, userId, role }) => ({ url: `offices/${officeId}/members/${userId}/role`, method: 'PATCH', body: { role } }),
      transformResponse: unwrap<OfficeMember>,
      invalidatesTags: (_result, _error, { officeId }) => [{ type: 'OfficeMembers', id: officeId }],
    }),
    memberArtists: build.query<{ artistIds: string[] }, { officeId: string; memberId: string }>({
      query: ({ officeId, memberId }) => ({ url: `offices/${officeId}/members/${memberId}/artists` }),
      transformResponse: unwrap<{ artistIds: string[] }>,
      providesTags: (_result, _error, { memberId }) => [{ type: 'OfficeMembers', id: `artists-${memberId}` }],
    }),
    assignArtists: build.mutation<{ artistIds: string[] }, { officeId: string; memberId: string; artistIds: string[] }>({
      query: ({ officeId, memberId, artistIds }) => ({ url: `offices/${officeId}/members/${memberId}/artists`, method: 'POST', body: { artistIds } }),
      transformResponse: unwrap<{ artistIds: string[] }>,
      invalidatesTags: (_result, _error, { memberId }) => [{ type: 'OfficeMembers', id: `artists-${memberId}` }],
    }),
    unassignArtist: build.mutation<{ artistIds: string[] }, { officeId: string; memberId: string; artistId: string }>({
      query: ({ officeId, memberId, artistId }) => ({ url: `offices/${officeId}/members/${memberId}/artists/${artistId}`, method: 'DELETE' }),
      transformResponse: unwrap<{ artistIds: string[] }>,
      invalidatesTags: (_result, _error, { memberId }) => [{ type: 'OfficeMembers', id: `artists-${memberId}` }],
    }),
  }),
});

export const {
  useListMembersQuery,
  useInviteMemberMutation,
  useRemoveMemberMutation,
  useResendInvitationMutation,
  useChangeRoleMutation,
  useMemberArtistsQuery,
  useAssignArtistsMutation,
  useUnassignArtistMutation,
} = teamApi;
