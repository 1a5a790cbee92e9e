import { StripeConnectionSection } from '@web/features/artist/funds';
import { useChosenOffice } from '@web/features/artist/office';
import { ArtistSettingsPage } from '@web/features/artist/settings';
import { useArtistUser } from '../../layout/area-context';

/** /for-artists/settings, with the Stripe connection of the chosen office. */
export function Component() {
  const user = useArtistUser();
  const { office } = useChosenOffice(user._id);
  return <ArtistSettingsPage user={user} payments={office && <StripeConnectionSection key={office._id} office={office} />} />;
}
