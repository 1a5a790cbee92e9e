import type { ArtistInviteCheck, ClaimSummary, RedeemArtistInviteRequest } from '#pie/contracts';
import { baseApi, unwrap } from '@web/shared/api';

/** `/api/artist-invite/:token/*` (spec §7 "Artist invites"). */
export const artistInviteApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    verifyArtistInvite: build.query<ArtistInviteCheck, string>({
      query: (token) => ({ url: `artist-invite/${token}/verify` }),
      transformResponse: unwrap<ArtistInviteCheck>,
    }),
    /**
     * Needs the artist session (the page only offers it once the person has signed in as an artist);
     * says where the artist goes: an office the person administers, or a new one.
     */
    redeemArtistInvite: build.mutation<{ officeId: string; claim: ClaimSummary }, { token: string; into: RedeemArtistInviteRequest }>({
      query: ({ token, into }) => ({ url: `artist-invite/${token}/redeem`, method: 'POST', body: into }),
      transformResponse: unwrap<{ officeId: string; claim: ClaimSummary }>,
    }),
  }),
});

export const { useVerifyArtistInviteQuery, useRedeemArtistInviteMutation } = artistInviteApi;
