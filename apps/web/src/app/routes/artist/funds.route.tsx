import { FundsPage } from '../../../features/artist/funds';

export function Component() {
  return <FundsPage />;
}
