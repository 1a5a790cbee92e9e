import { AdminRecordPage } from '../../shared/AdminRecordPage';

/** /admin/transactions/:id: one transaction. */
export function TransactionPage({ id }: { id: string }) {
  return <AdminRecordPage kind="Transaction" list={{ to: '/admin/transactions', label: 'Transactions' }} id={id} />;
}
