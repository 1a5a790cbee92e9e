import { useListOfficesQuery } from '../../../features/artist/office';
import { TeamPage } from '../../../features/artist/team';

/** /for-artists/team: the first office's team (the offices feature says which offices there are). */
export function Component() {
  const offices = useListOfficesQuery();
  if (offices.isLoading) return null;
  return <TeamPage office={offices.data?.[0]} />;
}
