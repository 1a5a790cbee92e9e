import { useSelector } from 'react-redux';
import { ArtistLanding } from '../../../features/artist/landing';
import { selectArtistRedirectTo, selectArtistSessionStatus } from '../../../shared/session';

export function Component() {
  const status = useSelector(selectArtistSessionStatus);
  const redirectTo = useSelector(selectArtistRedirectTo);
  // Spec §8 sends an artist whose session ended here; say why.
  return (
    <ArtistLanding
      sessionEnded={status === 'anonymous' && redirectTo !== null}
      signedIn={status === 'authenticated'}
    />
  );
}
