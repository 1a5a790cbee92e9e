import { useParams } from 'react-router';
import { UserArtistPage } from '@web/features/admin/user-artists';

export function Component() {
  const { id = '' } = useParams();
  return <UserArtistPage key={id} id={id} />;
}
