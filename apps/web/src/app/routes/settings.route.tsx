import { ListeningSettingsSection } from '@web/features/fan/listening-settings';
import { SettingsPage } from '@web/features/fan/settings';
import { WalletSection } from '@web/features/fan/payments';
import { useFanUser } from '../layout/area-context';

/** Settings: the account, profile and linked accounts, the streaming connection with export upload, the wallet and billing, then deletion. */
export function Component() {
  return (
    <SettingsPage user={useFanUser()}>
      <ListeningSettingsSection />
      <WalletSection />
    </SettingsPage>
  );
}
