import { ListeningSettingsSection } from '../../features/fan/listening-settings';
import { SettingsPage } from '../../features/fan/settings';
import { useFanUser } from '../layout/area-context';

/** Settings: the account, profile and linked accounts, the streaming connection with export upload, then deletion. */
export function Component() {
  return (
    <SettingsPage user={useFanUser()}>
      <ListeningSettingsSection />
    </SettingsPage>
  );
}
