import { useParams } from 'react-router';
import { ClaimPage } from '../../../features/artist/claims';

/** /for-artists/claims/:id: a claim and its verification. */
export function Component() {
  const { id } = useParams();
  return <ClaimPage key={id} claimId={id ?? ''} title="Claim" />;
}
