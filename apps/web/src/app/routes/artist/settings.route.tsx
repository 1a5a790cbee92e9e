import { StripeConnectionSection } from '../../../features/artist/funds';
import { useListOfficesQuery } from '../../../features/artist/office';
import { ArtistSettingsPage } from '../../../features/artist/settings';
import { useArtistUser } from '../../layout/area-context';

/** /for-artists/settings, with the Stripe connection of the artist's first office. */
export function Component() {
  const offices = useListOfficesQuery();
  const office = offices.data?.[0];
  return <ArtistSettingsPage user={useArtistUser()} payments={office && <StripeConnectionSection office={office} />} />;
}
