export { PiePage } from './components/PiePage';
export { MyPiesPage } from './components/MyPiesPage';
export { CheckoutResultPage } from './components/CheckoutResultPage';
export { PieSettingsPage } from './components/PieSettingsPage';
export { StatementPage } from './components/StatementPage';
