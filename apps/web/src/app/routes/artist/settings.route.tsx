import { ArtistSettingsPage } from '../../../features/artist/settings';
import { useArtistUser } from '../../layout/area-context';

export function Component() {
  return <ArtistSettingsPage user={useArtistUser()} />;
}
