import { useParams } from 'react-router';
import { ArtistPage } from '../../../features/admin/artists';

export function Component() {
  const { artistId = '' } = useParams();
  return <ArtistPage key={artistId} id={artistId} />;
}
