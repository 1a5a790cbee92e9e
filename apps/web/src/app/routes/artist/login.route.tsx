import { useSelector } from 'react-redux';
import { ARTIST_HOME, ArtistLoginForm } from '../../../features/artist/auth';
import { RedirectIfSignedIn, selectArtistSessionStatus } from '../../../shared/session';

/** /for-artists/login; an artist who is already signed in goes to their area's home. */
export function Component() {
  return (
    <RedirectIfSignedIn status={useSelector(selectArtistSessionStatus)} to={ARTIST_HOME}>
      <title>{`Log in · Pie for artists`}</title>
      <ArtistLoginForm />
    </RedirectIfSignedIn>
  );
}
