import { useParams } from 'react-router';
import { FundsItemNotFound, PayoutDetailsPage } from '../../../features/artist/funds';
import { useListOfficesQuery } from '../../../features/artist/office';
import { PageLoader } from '../../../shared/ui';

export function Component() {
  const { id = '' } = useParams();
  const offices = useListOfficesQuery();
  if (offices.isLoading) return <PageLoader />;
  const office = offices.data?.[0];
  if (!office) return <FundsItemNotFound key={id} kind="payout" />;
  return <PayoutDetailsPage key={id} officeId={office._id} payoutId={id} />;
}
