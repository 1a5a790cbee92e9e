import { useChosenOffice } from '@web/features/artist/office';
import { TeamPage } from '@web/features/artist/team';
import { useArtistUser } from '../../layout/area-context';

/** /for-artists/team: the chosen office's team. */
export function Component() {
  const { offices, office } = useChosenOffice(useArtistUser()._id);
  if (offices.isLoading) return null;
  return <TeamPage key={office?._id} office={office} />;
}
