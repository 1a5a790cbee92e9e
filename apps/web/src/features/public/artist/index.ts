export { PublicArtistPage } from './components/PublicArtistPage';
