// Test- and script-only surface of libs/claims: imported as '#pie/claims/testing' by test/ and scripts/,
// never by another module (dependency-cruiser refuses it).
export { createArtistInvite } from './domain/artist-invites.js';
