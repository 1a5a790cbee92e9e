export { EarthPage } from './components/EarthPage';
