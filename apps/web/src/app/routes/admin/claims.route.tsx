import { ClaimsPage } from '../../../features/admin/claims';

export function Component() {
  return <ClaimsPage />;
}
