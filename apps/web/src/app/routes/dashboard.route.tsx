import { LogoutButton, RequireFanSession } from '../../features/fan/auth';
import { DashboardPage } from '../../features/fan/dashboard/components/DashboardPage';

export function Component() {
  return (
    <RequireFanSession>
      {(user) => <DashboardPage firstName={user.first_name} actions={<LogoutButton />} />}
    </RequireFanSession>
  );
}
