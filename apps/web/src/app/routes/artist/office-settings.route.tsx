import { StripeConnectionSection } from '../../../features/artist/funds';
import { OfficeSettingsPage } from '../../../features/artist/office';

/** /for-artists/office-settings: each office's details and its Stripe connection. */
export function Component() {
  return <OfficeSettingsPage officeExtras={(office) => <StripeConnectionSection office={office} />} />;
}
