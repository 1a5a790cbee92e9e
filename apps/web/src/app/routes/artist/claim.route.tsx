import { useParams } from 'react-router';
import { ClaimNotFound } from '../../../features/artist/claims';

/** /for-artists/claims/:id: a claim and its verification. */
export function Component() {
  const { id } = useParams();
  return <ClaimNotFound key={id} title="Claim" />;
}
