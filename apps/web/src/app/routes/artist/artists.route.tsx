import { ArtistsPage } from '../../../features/artist/artists';
import { useArtistUser } from '../../layout/area-context';

export function Component() {
  return <ArtistsPage user={useArtistUser()} />;
}
