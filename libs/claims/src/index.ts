// Public surface of libs/claims.
export { ClaimsHttpModule } from './claims-http.module.js';
export { claimsModule } from './claims.module-descriptor.js';
export { ClaimVerified, type ClaimVerifiedPayload } from './events/claim-verified.event.js';
export { ClaimRejected, type ClaimRejectedPayload } from './events/claim-rejected.event.js';
// Facade for synchronous reads by other modules (pies, payouts): which office is an artist's payee.
export { artistIdsClaimedByOffices, claimedArtistIdsOf, payeeOfficeFor, payeeOfficesFor } from './domain/payee.js';
export { createArtistInvite, ARTIST_INVITE_LIFETIME_MS } from './domain/artist-invites.js';
export { canTransition } from './domain/claim-status.js';
export { verificationStringFor, claimForCaller } from './domain/claims-store.js';
export { ArtistPages, type PageContent } from './domain/artist-pages.js';
// Facade for the admin back office.
export {
  adminClaimsPage,
  adminClaimDetails,
  adminClaimNames,
  adminChangeClaimStatus,
  adminVerifyClaim,
  adminInvitesPage,
  adminGenerateInvite,
  adminDeleteInvite,
  claimCountsByStatus,
  successfulClaimsOf,
  type AdminInviteRow,
} from './domain/admin-claims.js';
