import { useParams } from 'react-router';
import { FundsItemNotFound, TransactionDetailsPage } from '../../../features/artist/funds';
import { useListOfficesQuery } from '../../../features/artist/office';
import { PageLoader } from '../../../shared/ui';

export function Component() {
  const { id = '' } = useParams();
  const offices = useListOfficesQuery();
  if (offices.isLoading) return <PageLoader />;
  const office = offices.data?.[0];
  if (!office) return <FundsItemNotFound key={id} kind="transaction" />;
  return <TransactionDetailsPage key={id} officeId={office._id} transactionId={id} />;
}
