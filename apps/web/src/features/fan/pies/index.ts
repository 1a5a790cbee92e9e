export { PiePage } from './components/PiePage';
export { MyPiesPage } from './components/MyPiesPage';
export { PieSettingsPage } from './components/PieSettingsPage';
export { StatementPage } from './components/StatementPage';
