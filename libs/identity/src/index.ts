// Public surface of libs/identity.
export { identityModule } from './identity.module-descriptor.js';
export { FanRegistered, type FanRegisteredPayload } from './events/fan-registered.event.js';
export { ArtistRegistered, type ArtistRegisteredPayload } from './events/artist-registered.event.js';
export { AccountDeleted, type AccountDeletedPayload } from './events/account-deleted.event.js';
export { FanSessionGuard, ArtistSessionGuard, AdminSessionGuard, CurrentSubject, type SessionPrincipal } from './http/session.guard.js';
export { SESSION_COOKIE } from './http/session-cookies.js';
export { SESSION_LIFETIME_MS } from './domain/sessions.js';
export { hashPassword, ARGON2_OPTIONS } from './domain/secrets.js';
export { prepareInvitedArtistUser } from './domain/artist-invitations.js';
export { addPromotionCodes, remainingPromotionCodes, PROMO_UNAVAILABLE_MESSAGE } from './domain/promotions.js';
export { createAdmin } from './domain/admins.js';
export { IdentityFacadeModule } from './identity-facade.module.js';
export { ProviderTokens, ProviderAccessRevokedError, ProviderNotConnectedError } from './social/provider-tokens.service.js';
export { ProviderConnected, type ProviderConnectedPayload } from './events/provider-connected.event.js';
export { FanContacts, type FanContact } from './social/fan-contacts.service.js';
export { ProviderDisconnected, type ProviderDisconnectedPayload } from './events/provider-disconnected.event.js';
