import { TransactionsPage } from '../../../features/admin/transactions';

export function Component() {
  return <TransactionsPage />;
}
