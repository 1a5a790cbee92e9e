export { AdminDashboardPage } from './components/AdminDashboardPage';
