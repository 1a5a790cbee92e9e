import { useParams } from 'react-router';
import { ClaimPage } from '@web/features/artist/claims';
import { ClaimFundsSection } from '@web/features/artist/funds';

/** /for-artists/claims/:id: a claim and its verification. */
export function Component() {
  const { id } = useParams();
  return <ClaimPage key={id} claimId={id ?? ''} title="Claim" funds={id && <ClaimFundsSection claimId={id} />} />;
}
