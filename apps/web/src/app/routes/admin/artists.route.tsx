import { ArtistsPage } from '@web/features/admin/artists';

export function Component() {
  return <ArtistsPage />;
}
