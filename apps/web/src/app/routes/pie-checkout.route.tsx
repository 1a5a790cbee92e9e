import { CheckoutReturn } from '@web/features/fan/payments';

/** /pie/successCheckout: where Stripe's checkout returns after paying for a pie. */
export function Component() {
  return <CheckoutReturn />;
}
