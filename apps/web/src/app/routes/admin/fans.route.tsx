import { FansPage } from '../../../features/admin/fans';

export function Component() {
  return <FansPage />;
}
