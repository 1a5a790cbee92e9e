import { ProfileUpdatePage } from '@web/features/artist/profile';
import { useArtistUser } from '../../layout/area-context';

export function Component() {
  return <ProfileUpdatePage user={useArtistUser()} />;
}
