import { PieSettingsPage } from '../../features/fan/pies';

export function Component() {
  return <PieSettingsPage />;
}
