import { useParams } from 'react-router';
import { PublicArtistPage } from '../../features/public/artist';

export function Component() {
  const { id } = useParams();
  return <PublicArtistPage key={id} />;
}
