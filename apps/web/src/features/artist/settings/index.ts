export { ArtistSettingsPage } from './components/ArtistSettingsPage';
