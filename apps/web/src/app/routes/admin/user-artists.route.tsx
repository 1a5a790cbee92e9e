import { UserArtistsPage } from '@web/features/admin/user-artists';

export function Component() {
  return <UserArtistsPage />;
}
