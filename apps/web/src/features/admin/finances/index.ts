export { FinancesPage } from './components/FinancesPage';
