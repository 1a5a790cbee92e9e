import { useParams } from 'react-router';
import { ClaimNotFound } from '../../../features/artist/claims';

/** /for-artists/artists/:id: a claimed artist's details. */
export function Component() {
  const { id } = useParams();
  return <ClaimNotFound key={id} title="Claim details" />;
}
