import type { AcceptInvitationRequest, ApiSuccess, InvitationCheck, Office, OfficeType } from '#pie/contracts';
import { artistBaseApi, LIST, unwrap } from '@web/shared/api';

/** Offices and invitations (`/api/for-artists/offices…`, spec §7). */
export const officesApi = artistBaseApi.injectEndpoints({
  endpoints: (build) => ({
    listOffices: build.query<Office[], void>({
      query: () => ({ url: 'offices' }),
      transformResponse: unwrap<Office[]>,
      providesTags: (offices) => [{ type: 'Office', id: LIST }, ...(offices ?? []).map((office) => ({ type: 'Office' as const, id: office._id }))],
    }),
    /**
     * PATCH offices/:officeId (name, type): applied to the cached office at once and restored when
     * the server refuses (spec §4 optimistic renames).
     */
    updateOffice: build.mutation<Office, { officeId: string; name?: string; type?: OfficeType }>({
      query: ({ officeId, ...body }) => ({ url: `offices/${officeId}`, method: 'PATCH', body }),
      transformResponse: unwrap<Office>,
      async onQueryStarted({ officeId, name, type }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          officesApi.util.updateQueryData('listOffices', undefined, (offices) => {
            const office = offices.find((candidate) => candidate._id === officeId);
            if (office && name !== undefined) office.name = name;
            if (office && type !== undefined) office.type = type;
          }),
        );
        try {
          await queryFulfilled;
        } catch (error) {
          patch.undo();
          // Spec §8: failed office changes are logged; the screen also tells the person.
          console.error('Office update failed', error);
        }
      },
      invalidatesTags: (_result, error, { officeId }) => (error ? [] : [{ type: 'Office', id: officeId }, { type: 'ArtistUser', id: LIST }]),
    }),
    createOffice: build.mutation<Office, { name: string; type: OfficeType }>({
      query: (body) => ({ url: 'offices', method: 'POST', body }),
      transformResponse: unwrap<Office>,
      invalidatesTags: [{ type: 'Office', id: LIST }],
    }),
    validateInvitation: build.query<InvitationCheck, { officeId: string; token: string }>({
      query: ({ officeId, token }) => ({ url: `offices/${officeId}/validate-invitation`, params: { token } }),
      transformResponse: unwrap<InvitationCheck>,
    }),
    acceptInvitation: build.mutation<ApiSuccess<Office>, { token: string } & AcceptInvitationRequest>({
      query: ({ token, officeId }) => ({ url: `offices/accept-invitation/${token}`, method: 'POST', body: { officeId } }),
      invalidatesTags: [{ type: 'Office', id: LIST }, { type: 'Claim', id: LIST }],
    }),
  }),
});

export const { useListOfficesQuery, useUpdateOfficeMutation, useCreateOfficeMutation, useValidateInvitationQuery, useAcceptInvitationMutation } = officesApi;
