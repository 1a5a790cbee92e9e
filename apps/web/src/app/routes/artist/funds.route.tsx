import { FundsPage } from '@web/features/artist/funds';
import { useChosenOffice } from '@web/features/artist/office';
import { PageLoader } from '@web/shared/ui';
import { useArtistUser } from '../../layout/area-context';

/** /for-artists/funds: the chosen office's funds (the switcher in the layout chooses). */
export function Component() {
  const { offices, office } = useChosenOffice(useArtistUser()._id);
  if (offices.isLoading) return <PageLoader />;
  return <FundsPage key={office?._id} office={office} />;
}
