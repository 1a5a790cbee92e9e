export { ArtistSocialsStandIn, type TokenOwner } from './artist-socials.js';
export { defaultHandles, SOCIAL_PLATFORMS as SANDBOX_SOCIAL_PLATFORMS, type ArtistProfile, type SocialPage } from './store.js';
export { socialPath } from './pages.js';
