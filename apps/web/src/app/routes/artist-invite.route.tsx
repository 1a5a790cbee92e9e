import { ArtistInvitePage } from '../../features/public/artist-invite';

export function Component() {
  return <ArtistInvitePage />;
}
