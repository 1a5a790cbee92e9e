import { FinancesPage } from '../../../features/admin/finances';

export function Component() {
  return <FinancesPage />;
}
