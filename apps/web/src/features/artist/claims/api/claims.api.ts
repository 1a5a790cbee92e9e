import type {
  ApiSuccess,
  ArtistSearchItem,
  ArtistSocials,
  ClaimDetailed,
  ClaimSummary,
  CreateClaimRequest,
  FetchSocialsRequest,
  VerifyBioRequest,
} from '#pie/contracts';
import { artistBaseApi, entityTags, LIST, unwrap, unwrapPage, type Paged } from '@web/shared/api';

/** The claim wizard and a claim's life (`/api/for-artists/…`, spec §7). */
export const claimsApi = artistBaseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET search (search_term, page, limit 6). */
    searchArtists: build.query<Paged<ArtistSearchItem>, { search_term: string; page: number }>({
      query: (params) => ({ url: 'search', params: { ...params, limit: 6 } }),
      transformResponse: unwrapPage<ArtistSearchItem>,
      providesTags: [{ type: 'Claim', id: LIST }],
    }),
    /** POST artist/socials/fetch: the artist's links and this claim's verification string. */
    fetchSocials: build.query<ArtistSocials, FetchSocialsRequest>({
      query: (body) => ({ url: 'artist/socials/fetch', method: 'POST', body }),
      transformResponse: unwrap<ArtistSocials>,
    }),
    listClaims: build.query<ClaimSummary[], void>({
      query: () => ({ url: 'claims' }),
      transformResponse: unwrap<ClaimSummary[]>,
      providesTags: (claims) => [{ type: 'Claim', id: LIST }, ...(claims ?? []).map((claim) => ({ type: 'Claim' as const, id: claim.id }))],
    }),
    getClaimDetailed: build.query<ClaimDetailed, string>({
      query: (id) => ({ url: `claims/${id}/detailed` }),
      transformResponse: unwrap<ClaimDetailed>,
      providesTags: (_result, _error, id) => entityTags('Claim', id),
    }),
    createClaim: build.mutation<ClaimSummary, CreateClaimRequest>({
      query: (body) => ({ url: 'claims', method: 'POST', body }),
      transformResponse: unwrap<ClaimSummary>,
      invalidatesTags: [{ type: 'Claim', id: LIST }, { type: 'Office', id: LIST }, { type: 'ArtistUser', id: LIST }],
    }),
    deleteClaim: build.mutation<ApiSuccess, string>({
      query: (id) => ({ url: `claims/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Claim', id }, { type: 'Claim', id: LIST }],
    }),
    verifyBio: build.mutation<ClaimSummary, { claimId: string; body: VerifyBioRequest }>({
      query: ({ claimId, body }) => ({ url: `claims/${claimId}/verify-bio`, method: 'POST', body }),
      transformResponse: unwrap<ClaimSummary>,
      // A failed attempt changes the claim too (verifying, last attempt): refetch either way.
      invalidatesTags: (_result, _error, { claimId }) => [{ type: 'Claim', id: claimId }, { type: 'Claim', id: LIST }],
    }),
  }),
});

export const {
  useSearchArtistsQuery,
  useFetchSocialsQuery,
  useListClaimsQuery,
  useGetClaimDetailedQuery,
  useCreateClaimMutation,
  useDeleteClaimMutation,
  useVerifyBioMutation,
} = claimsApi;

/** Where the browser goes to sign in to the artist's official account (the API redirects on). */
export function socialVerificationUrl(claimId: string, platform: string): string {
  return `/api/for-artists/claims/${claimId}/verify-social/${platform}`;
}
