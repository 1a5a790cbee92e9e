import { useParams } from 'react-router';
import { ArtistPage } from '@web/features/admin/artists';

export function Component() {
  const { artistId = '' } = useParams();
  return <ArtistPage key={artistId} id={artistId} />;
}
