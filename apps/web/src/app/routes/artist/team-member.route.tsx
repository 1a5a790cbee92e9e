import { useParams } from 'react-router';
import { useListClaimsQuery } from '../../../features/artist/claims';
import { useListOfficesQuery } from '../../../features/artist/office';
import { TeamMemberPage } from '../../../features/artist/team';

/** /for-artists/team/:memberId: the member, with the office's claimed artists to assign. */
export function Component() {
  const { memberId = '' } = useParams();
  const offices = useListOfficesQuery();
  const claims = useListClaimsQuery();
  if (offices.isLoading || claims.isLoading) return null;
  const office = offices.data?.[0];
  const artists = (claims.data ?? [])
    .filter((claim) => claim.officeId === office?._id && claim.status !== 'cancelled' && claim.status !== 'rejected')
    .map((claim) => ({ id: claim.artist._id, name: claim.artist.name }));
  return <TeamMemberPage key={memberId} office={office} memberId={memberId} artists={artists} />;
}
