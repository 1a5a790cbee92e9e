import { LogoutButton, RequireFanSession } from '../../features/fan/auth';
import { SettingsPage } from '../../features/fan/settings';

export function Component() {
  return <RequireFanSession>{(user) => <SettingsPage user={user} actions={<LogoutButton />} />}</RequireFanSession>;
}
