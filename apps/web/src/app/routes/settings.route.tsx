import { ListeningSettingsSection } from '../../features/fan/listening-settings';
import { SettingsPage } from '../../features/fan/settings';
import { useFanUser } from '../layout/area-context';

/** Settings: the account (details, linked accounts, deletion) and the streaming connection with export upload. */
export function Component() {
  return (
    <>
      <SettingsPage user={useFanUser()} />
      <ListeningSettingsSection />
    </>
  );
}
