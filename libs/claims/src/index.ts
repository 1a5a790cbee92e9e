// Public surface of libs/claims.
export { claimsModule } from './claims.module-descriptor.js';
export { ClaimVerified, type ClaimVerifiedPayload } from './events/claim-verified.event.js';
// Facade for synchronous reads by other modules (pies, payouts): which office is an artist's payee.
export { artistIdsClaimedByOffices, claimedArtistIdsOf, payeeOfficeFor, payeeOfficesFor } from './domain/payee.js';
export { claimForCaller } from './domain/claims-store.js';
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
  claimedArtistListing,
} from './domain/admin-claims.js';
