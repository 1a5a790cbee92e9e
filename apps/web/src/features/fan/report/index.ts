export { ReportPage } from './components/ReportPage';
