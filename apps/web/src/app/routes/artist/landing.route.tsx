import { useSelector } from 'react-redux';
import { ARTIST_HOME } from '@web/features/artist/auth';
import { ArtistLanding } from '@web/features/artist/landing';
import { RedirectIfSignedIn, selectArtistRedirectTo, selectArtistSessionStatus } from '@web/shared/session';

/** /for-artists; an artist who is already signed in goes to their area's home. */
export function Component() {
  const status = useSelector(selectArtistSessionStatus);
  const redirectTo = useSelector(selectArtistRedirectTo);
  // Spec §8 sends an artist whose session ended here; say why.
  return (
    <RedirectIfSignedIn status={status} to={ARTIST_HOME}>
      <ArtistLanding sessionEnded={status === 'anonymous' && redirectTo !== null} signedIn={status === 'authenticated'} />
    </RedirectIfSignedIn>
  );
}
