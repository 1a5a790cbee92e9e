import { GiveBackPage } from '../../../features/artist/give-back';
import { useListOfficesQuery } from '../../../features/artist/office';
import { PageLoader } from '../../../shared/ui';

/** /for-artists/give-back: the first office's gifts. */
export function Component() {
  const offices = useListOfficesQuery();
  if (offices.isLoading) return <PageLoader />;
  return <GiveBackPage office={offices.data?.[0]} />;
}
