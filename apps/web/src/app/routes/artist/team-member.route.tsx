import { useParams } from 'react-router';
import { useListClaimsQuery } from '@web/features/artist/claims';
import { useChosenOffice } from '@web/features/artist/office';
import { TeamMemberPage } from '@web/features/artist/team';
import { useArtistUser } from '../../layout/area-context';

/** /for-artists/team/:memberId: the member of the chosen office, with that office's claimed artists to assign. */
export function Component() {
  const { memberId = '' } = useParams();
  const { offices, office } = useChosenOffice(useArtistUser()._id);
  const claims = useListClaimsQuery();
  if (offices.isLoading || claims.isLoading) return null;
  const artists = (claims.data ?? [])
    .filter((claim) => claim.officeId === office?._id && claim.status !== 'cancelled' && claim.status !== 'rejected')
    .map((claim) => ({ id: claim.artist._id, name: claim.artist.name }));
  return <TeamMemberPage key={`${office?._id}:${memberId}`} office={office} memberId={memberId} artists={artists} />;
}
