import { OfficeInvitationPage } from '../../../features/artist/office';

export function Component() {
  return <OfficeInvitationPage />;
}
