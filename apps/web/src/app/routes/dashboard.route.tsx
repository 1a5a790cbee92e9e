import { DashboardPage } from '../../features/fan/dashboard/components/DashboardPage';
import { useFanUser } from '../layout/area-context';

export function Component() {
  return <DashboardPage firstName={useFanUser().first_name} />;
}
