import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { LogoutButton, useFanSessionCheck } from '@web/features/fan/auth';
import { AreaShell, type AreaNavItem } from './AreaShell';

export const FAN_NAV: readonly AreaNavItem[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/pie', label: 'Pie', end: true },
  { to: '/my-pies', label: 'My pies' },
  { to: '/history', label: 'History' },
  { to: '/earth', label: 'Earth' },
  { to: '/report', label: 'Report' },
  { to: '/help', label: 'Help' },
  { to: '/settings', label: 'Settings' },
];

/** The shared layout of the fan area (and the public pages): navigation and 'Log out' once signed in. */
export function FanLayout() {
  const status = useFanSessionCheck();
  const signedIn = status === 'authenticated';
  return (
    <AreaShell
      home="/"
      homeLabel="Pie home"
      nav={signedIn ? FAN_NAV : []}
      navLabel="Your account"
      actions={
        signedIn ? (
          <LogoutButton />
        ) : (
          <Anchor component={Link} to="/for-artists" underline="hover">
            For artists
          </Anchor>
        )
      }
      footerLinks={[{ to: '/for-artists', label: 'For artists' }]}
    />
  );
}
