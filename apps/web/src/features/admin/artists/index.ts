export { ArtistsPage } from './components/ArtistsPage';
export { ArtistPage } from './components/ArtistPage';
export { ArtistTopFansPage } from './components/ArtistTopFansPage';
