import { AdminDashboardPage } from '@web/features/admin/dashboard';
import { useAdminProfile } from '../../layout/area-context';

export function Component() {
  return <AdminDashboardPage admin={useAdminProfile()} />;
}
