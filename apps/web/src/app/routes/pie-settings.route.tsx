import { PieSettingsPage } from '@web/features/fan/pies';

export function Component() {
  return <PieSettingsPage />;
}
