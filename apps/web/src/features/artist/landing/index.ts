export { ArtistLanding } from './components/ArtistLanding';
