import { useParams } from 'react-router';
import { ArtistTopFansPage } from '@web/features/admin/artists';

export function Component() {
  const { artistId = '' } = useParams();
  return <ArtistTopFansPage key={artistId} artistId={artistId} />;
}
