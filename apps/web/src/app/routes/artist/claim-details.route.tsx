import { useParams } from 'react-router';
import { ClaimPage } from '../../../features/artist/claims';
import { ClaimFundsSection } from '../../../features/artist/funds';

/** /for-artists/artists/:id: a claimed artist's details. */
export function Component() {
  const { id } = useParams();
  return <ClaimPage key={id} claimId={id ?? ''} title="Claim details" funds={id && <ClaimFundsSection claimId={id} />} />;
}
