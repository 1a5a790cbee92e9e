import { useGetOfficeBalanceQuery } from '@web/features/artist/funds';
import { GiveBackPage } from '@web/features/artist/give-back';
import { useChosenOffice } from '@web/features/artist/office';
import { PageLoader } from '@web/shared/ui';
import { useArtistUser } from '../../layout/area-context';

/** /for-artists/give-back: the chosen office's gifts, with its earnings said before any gift is confirmed. */
export function Component() {
  const { offices, office } = useChosenOffice(useArtistUser()._id);
  const balance = useGetOfficeBalanceQuery({ officeId: office?._id ?? '' }, { skip: !office || office.role !== 'admin' });
  if (offices.isLoading) return <PageLoader />;
  return <GiveBackPage key={office?._id} office={office} earningsCents={balance.data?.earningsCents ?? (balance.isError ? 0 : undefined)} />;
}
