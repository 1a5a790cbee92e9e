import { OfficesPage } from '../../../features/admin/offices';

export function Component() {
  return <OfficesPage />;
}
