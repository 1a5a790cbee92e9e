import { OfficeSettingsPage } from '../../../features/artist/office';

export function Component() {
  return <OfficeSettingsPage />;
}
