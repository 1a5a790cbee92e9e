import { useParams } from 'react-router';
import { OfficePage } from '@web/features/admin/offices';

export function Component() {
  const { id = '' } = useParams();
  return <OfficePage key={id} id={id} />;
}
