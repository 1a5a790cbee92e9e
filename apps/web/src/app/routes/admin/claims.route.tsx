import { ClaimsPage } from '@web/features/admin/claims';

export function Component() {
  return <ClaimsPage />;
}
