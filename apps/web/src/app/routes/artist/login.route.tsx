import { useSelector } from 'react-redux';
import { ARTIST_HOME, ARTIST_LOGIN, ArtistLoginForm } from '@web/features/artist/auth';
import { RedirectIfSignedIn, safeRedirect, selectArtistRedirectTo, selectArtistSessionStatus } from '@web/shared/session';

/**
 * /for-artists/login; an artist who is already signed in goes where they were on their way to (an
 * invitation they opened, say), else to their area's home.
 */
export function Component() {
  const redirectTo = useSelector(selectArtistRedirectTo);
  return (
    <RedirectIfSignedIn status={useSelector(selectArtistSessionStatus)} to={safeRedirect(redirectTo, ARTIST_HOME, ARTIST_LOGIN)}>
      <title>{`Log in · Pie for artists`}</title>
      <ArtistLoginForm />
    </RedirectIfSignedIn>
  );
}
