import { Anchor, Group } from '@mantine/core';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { AdminLogoutButton } from '../../features/admin/auth';
import { selectAdminSessionStatus } from '../../shared/session';
import { AreaShell } from './AreaShell';

/** The /admin area: header with the dashboard link and 'Log out' once signed in. */
export function Component() {
  const status = useSelector(selectAdminSessionStatus);
  return (
    <AreaShell
      home="/admin/dashboard"
      homeLabel="Pie admin home"
      area="admin"
      actions={
        status === 'authenticated' ? (
          <Group gap="md" wrap="nowrap">
            <Anchor component={Link} to="/admin/dashboard" underline="hover">
              Dashboard
            </Anchor>
            <AdminLogoutButton />
          </Group>
        ) : null
      }
    />
  );
}
