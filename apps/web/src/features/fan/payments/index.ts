/** The fan payments feature: paying for a pie (checkout round trip), the wallet and billing. */
export { CreatePieForm } from './components/CreatePieForm';
export { StartPieButton } from './components/StartPieButton';
export { CheckoutReturn } from './components/CheckoutReturn';
export { WalletSection } from './components/WalletSection';
export { paymentsApi } from './api/payments.api';
