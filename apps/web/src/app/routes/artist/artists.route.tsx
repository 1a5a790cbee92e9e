import { ArtistsPage } from '../../../features/artist/claims';
import { useArtistUser } from '../../layout/area-context';

export function Component() {
  return <ArtistsPage user={useArtistUser()} />;
}
