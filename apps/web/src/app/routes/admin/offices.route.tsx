import { OfficesPage } from '@web/features/admin/offices';

export function Component() {
  return <OfficesPage />;
}
