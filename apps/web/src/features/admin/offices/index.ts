export { OfficesPage } from './components/OfficesPage';
export { OfficePage } from './components/OfficePage';
