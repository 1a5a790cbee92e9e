import { RecordNotFoundPage } from '../../../../shared/ui';

/** /admin/transactions/:id: one transaction. */
export function TransactionPage({ id }: { id: string }) {
  return <RecordNotFoundPage kind="Transaction" list={{ to: '/admin/transactions', label: 'Transactions' }} id={id} />;
}
