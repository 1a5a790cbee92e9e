import { ArtistLogoutButton, useArtistSessionCheck } from '@web/features/artist/auth';
import { AreaShell, type AreaNavItem } from './AreaShell';

export const ARTIST_NAV: readonly AreaNavItem[] = [
  { to: '/for-artists/artists', label: 'Artists' },
  { to: '/for-artists/funds', label: 'Funds' },
  { to: '/for-artists/team', label: 'Team' },
  { to: '/for-artists/give-back', label: 'Give back' },
  { to: '/for-artists/office-settings', label: 'Office' },
  { to: '/for-artists/profile/update', label: 'Profile' },
  { to: '/for-artists/settings', label: 'Settings' },
];

/** The /for-artists area (and its e-mail links): the area's navigation and 'Log out' once signed in. */
export function Component() {
  const status = useArtistSessionCheck();
  const signedIn = status === 'authenticated';
  return (
    <AreaShell
      home="/for-artists"
      area="for artists"
      nav={signedIn ? ARTIST_NAV : []}
      navLabel="Artist area"
      actions={signedIn ? <ArtistLogoutButton /> : null}
      footerLinks={[{ to: '/', label: 'For fans' }]}
    />
  );
}
