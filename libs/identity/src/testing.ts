// Test- and script-only surface of libs/identity: imported as '#pie/identity/testing' by test/ and scripts/,
// never by another module (dependency-cruiser refuses it).
export { SESSION_LIFETIME_MS } from './domain/sessions.js';
export { hashPassword, ARGON2_OPTIONS } from './domain/secrets.js';
export { addPromotionCodes, remainingPromotionCodes, PROMO_UNAVAILABLE_MESSAGE } from './domain/promotions.js';
export { createAdmin } from './domain/admins.js';
// Accounts office invitations planted before issue 27 (their mailed complete-registration links still work).
export { plantLegacyInvitedArtistUser } from './domain/artist-invitations.js';
// What a connection broken by an unreadable token says (the tests read it on the fan's connection).
export { TOKENS_UNREADABLE_REASON } from './social/provider-tokens.service.js';
