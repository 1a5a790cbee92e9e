import { CheckoutResultPage } from '../../features/fan/pies';

export function Component() {
  return <CheckoutResultPage />;
}
