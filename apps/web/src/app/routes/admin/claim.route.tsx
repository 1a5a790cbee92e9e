import { useParams } from 'react-router';
import { ClaimPage } from '@web/features/admin/claims';

export function Component() {
  const { id = '' } = useParams();
  return <ClaimPage key={id} id={id} />;
}
