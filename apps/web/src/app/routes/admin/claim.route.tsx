import { useParams } from 'react-router';
import { ClaimPage } from '../../../features/admin/claims';

export function Component() {
  const { id = '' } = useParams();
  return <ClaimPage key={id} id={id} />;
}
