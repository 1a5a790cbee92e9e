export { ArtistsPage } from './components/ArtistsPage';
