import { OfficeSettingsPage } from '../../../features/artist/office';
import { useArtistUser } from '../../layout/area-context';

export function Component() {
  return <OfficeSettingsPage user={useArtistUser()} />;
}
