import { AdminLogoutButton, useAdminSessionCheck } from '@web/features/admin/auth';
import { AreaShell, type AreaNavItem } from './AreaShell';

export const ADMIN_NAV: readonly AreaNavItem[] = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/claims', label: 'Claims' },
  { to: '/admin/artists', label: 'Artists' },
  { to: '/admin/fans', label: 'Fans' },
  { to: '/admin/user-artists', label: 'Artist users' },
  { to: '/admin/offices', label: 'Offices' },
  { to: '/admin/finances', label: 'Finances' },
  { to: '/admin/transactions', label: 'Transactions' },
];

/** The /admin area: the back office's navigation and 'Log out' once signed in. */
export function Component() {
  const status = useAdminSessionCheck();
  const signedIn = status === 'authenticated';
  return (
    <AreaShell
      home="/admin/dashboard"
      area="admin"
      nav={signedIn ? ADMIN_NAV : []}
      navLabel="Back office"
      actions={signedIn ? <AdminLogoutButton /> : null}
    />
  );
}
