import { ArtistsPage } from '../../../features/admin/artists';

export function Component() {
  return <ArtistsPage />;
}
