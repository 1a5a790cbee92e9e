import { FundsPage } from '../../../features/artist/funds';
import { useListOfficesQuery } from '../../../features/artist/office';
import { PageLoader } from '../../../shared/ui';

/** /for-artists/funds: the first office's funds (the offices feature says which offices there are). */
export function Component() {
  const offices = useListOfficesQuery();
  if (offices.isLoading) return <PageLoader />;
  return <FundsPage office={offices.data?.[0]} />;
}
