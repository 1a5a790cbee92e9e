export { FanProfilePage } from './components/FanProfilePage';
