import { StripeConnectionSection } from '@web/features/artist/funds';
import { OfficeSettingsPage } from '@web/features/artist/office';
import { useLinkedOffice } from './linked-office';

/**
 * /for-artists/office-settings[?office=…]: the details and Stripe connection of the office the link
 * names (a mail about one office's Stripe account opens that office), else of the chosen office.
 */
export function Component() {
  const { office } = useLinkedOffice();
  return <OfficeSettingsPage officeId={office?._id} officeExtras={(shown) => <StripeConnectionSection office={shown} />} />;
}
