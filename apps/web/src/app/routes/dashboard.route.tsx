import { SyncStatusCard } from '@web/features/fan/listening-settings';
import { DashboardPieCard } from '@web/features/fan/pies/components/DashboardPieCard';
import { DashboardPage } from '@web/features/fan/listening/components/DashboardPage';
import { useReturnParams } from '@web/shared/account';
import { WithFan } from './with-fan';

/** What a social sign-in brings to the dashboard's address; nothing here needs it afterwards. */
const SIGN_IN_RETURN_PARAMS = ['signedIn', 'promo', 'deviceType'] as const;

/**
 * `/dashboard` (lazy route module): the fan's home, composed with the listening settings
 * feature's sync card and the pies feature's card. 'Log out' lives in the fan layout's header.
 */
export function Component() {
  useReturnParams(SIGN_IN_RETURN_PARAMS);
  return <WithFan>{(user) => <DashboardPage firstName={user.first_name.trim()} syncStatus={<SyncStatusCard />} pies={<DashboardPieCard />} />}</WithFan>;
}
