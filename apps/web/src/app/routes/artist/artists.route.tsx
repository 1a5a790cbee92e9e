import { ArtistsPage } from '@web/features/artist/claims';
import { useChosenOffice } from '@web/features/artist/office';
import { useArtistUser } from '../../layout/area-context';

/** /for-artists/artists; a new claim goes to the chosen office when the person administers it. */
export function Component() {
  const user = useArtistUser();
  const { office } = useChosenOffice(user._id);
  return <ArtistsPage user={user} claimOfficeId={office?.role === 'admin' ? office._id : undefined} />;
}
