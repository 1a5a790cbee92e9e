import { useParams } from 'react-router';
import { ClaimPage } from '../../../features/artist/claims';

/** /for-artists/artists/:id: a claimed artist's details. */
export function Component() {
  const { id } = useParams();
  return <ClaimPage key={id} claimId={id ?? ''} title="Claim details" />;
}
