export { ArtistInvitePage } from './components/ArtistInvitePage';
