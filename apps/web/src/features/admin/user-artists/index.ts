export { UserArtistsPage } from './components/UserArtistsPage';
export { UserArtistPage } from './components/UserArtistPage';
