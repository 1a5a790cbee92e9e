import { useParams } from 'react-router';
import { ArtistPage } from '@web/features/fan/listening/components/ArtistPage';

/**
 * `/artist/:id` (lazy route module). Public (spec §2): no session guard; a signed-in fan also
 * sees their own listening of the artist.
 */
export function Component() {
  const { id = '' } = useParams();
  return <ArtistPage key={id} artistId={id} />;
}
