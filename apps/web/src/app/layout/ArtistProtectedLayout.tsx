import { Outlet, useLocation } from 'react-router';
import { RequireArtistSession } from '@web/features/artist/auth';
import { OfficeSwitcher } from '@web/features/artist/office';
import { ProfilePrompt } from '@web/features/artist/profile';
import { PageContainer } from '@web/shared/ui';
import type { ArtistOutletContext } from './area-context';

/**
 * The protected part of /for-artists: the guard (to /for-artists/login and
 * back), then the screen with the signed-in artist. A person in several offices
 * chooses the office the screens act on above them. While the profile is
 * incomplete, every screen but the profile form shows a prompt to complete it.
 */
export function Component() {
  const { pathname } = useLocation();
  return (
    <RequireArtistSession>
      {(user) => (
        <>
          <PageContainer width="content" pt="lg">
            <OfficeSwitcher userId={user._id} />
            {pathname !== '/for-artists/profile/update' && <ProfilePrompt user={user} />}
          </PageContainer>
          <Outlet context={{ user } satisfies ArtistOutletContext} />
        </>
      )}
    </RequireArtistSession>
  );
}
