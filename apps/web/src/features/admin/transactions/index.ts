export { TransactionsPage } from './components/TransactionsPage';
export { TransactionPage } from './components/TransactionPage';
