import { ListeningSettingsSection } from '../../features/fan/listening-settings';
import { SettingsPage } from '../../features/fan/settings';
import { WalletSection } from '../../features/fan/payments';
import { useFanUser } from '../layout/area-context';

/** Settings: the account (details, linked accounts, deletion), the streaming connection with export upload, the wallet and billing. */
export function Component() {
  return (
    <>
      <SettingsPage user={useFanUser()} />
      <ListeningSettingsSection />
      <WalletSection />
    </>
  );
}
