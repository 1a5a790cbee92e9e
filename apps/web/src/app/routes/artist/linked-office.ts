import { useSearchParams } from 'react-router';
import { useChosenOffice, type ChosenOffice } from '@web/features/artist/office';
import { useArtistUser } from '../../layout/area-context';

/**
 * The office a funds item belongs to: the one its link names (`?office=`, one of the person's own
 * offices: the server checks it again), else the chosen office. A link shared from another office
 * then opens in that office without switching.
 */
export function useLinkedOffice(): Pick<ChosenOffice, 'offices' | 'office'> {
  const [params] = useSearchParams();
  const { offices, office } = useChosenOffice(useArtistUser()._id);
  const named = params.get('office');
  return { offices, office: offices.data?.find((candidate) => candidate._id === named) ?? office };
}
