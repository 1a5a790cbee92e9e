/** The fan payments feature: coming back from the checkout, the wallet and billing. */
export { CheckoutReturn } from './components/CheckoutReturn';
export { WalletSection } from './components/WalletSection';
export { paymentsApi } from './api/payments.api';
