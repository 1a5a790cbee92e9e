export { FundsPage } from './components/FundsPage';
export { FundsItemNotFound } from './components/FundsItemNotFound';
