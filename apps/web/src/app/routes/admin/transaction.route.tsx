import { useParams } from 'react-router';
import { TransactionPage } from '@web/features/admin/transactions';

export function Component() {
  const { id = '' } = useParams();
  return <TransactionPage key={id} id={id} />;
}
