import { TransactionsPage } from '@web/features/admin/transactions';

export function Component() {
  return <TransactionsPage />;
}
