import { UserArtistsPage } from '../../../features/admin/user-artists';

export function Component() {
  return <UserArtistsPage />;
}
