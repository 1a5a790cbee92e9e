import { FansPage } from '@web/features/admin/fans';

export function Component() {
  return <FansPage />;
}
