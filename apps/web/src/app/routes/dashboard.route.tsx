import { SyncStatusCard } from '../../features/fan/listening-settings';
import { DashboardPage } from '../../features/fan/listening/components/DashboardPage';
import { WithFan } from './with-fan';

/**
 * `/dashboard` (lazy route module): the fan's home, composed with the listening settings
 * feature's sync card. 'Log out' lives in the fan layout's header.
 */
export function Component() {
  return <WithFan>{(user) => <DashboardPage firstName={user.first_name} syncStatus={<SyncStatusCard />} />}</WithFan>;
}
