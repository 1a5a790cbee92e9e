export { GiveBackPage } from './components/GiveBackPage';
