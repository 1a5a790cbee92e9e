// Public surface of libs/payouts: the offices' Stripe Connect accounts (DESIGN §8).
export { payoutsModule } from './payouts.module-descriptor.js';
export { agreesWithStripe } from './domain/provider-reconciliation.js';
export { PayoutsFacade, PayoutsFacadeModule } from './payouts.facade.js';
export { OFFICE_MONEY_FIGURES, officesMoney, officeMoney } from './domain/office-money.js';
