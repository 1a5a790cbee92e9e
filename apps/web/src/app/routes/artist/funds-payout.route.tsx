import { useParams } from 'react-router';
import { FundsItemNotFound, PayoutDetailsPage } from '@web/features/artist/funds';
import { PageLoader } from '@web/shared/ui';
import { useLinkedOffice } from './linked-office';

/** /for-artists/funds/payouts/:id[?office=…]: a payout of the office the link names, else of the chosen office. */
export function Component() {
  const { id = '' } = useParams();
  const { offices, office } = useLinkedOffice();
  if (offices.isLoading) return <PageLoader />;
  if (!office) return <FundsItemNotFound key={id} kind="payout" />;
  return <PayoutDetailsPage key={`${office._id}:${id}`} officeId={office._id} payoutId={id} />;
}
