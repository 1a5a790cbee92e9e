import { FinancesPage } from '@web/features/admin/finances';

export function Component() {
  return <FinancesPage />;
}
