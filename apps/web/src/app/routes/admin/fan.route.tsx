import { useParams } from 'react-router';
import { FanPage } from '@web/features/admin/fans';

export function Component() {
  const { id = '' } = useParams();
  return <FanPage key={id} id={id} />;
}
