import { OfficeInvitationPage } from '@web/features/artist/office';

export function Component() {
  return <OfficeInvitationPage />;
}
