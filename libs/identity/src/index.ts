// Public surface of libs/identity.
export { identityModule } from './identity.module-descriptor.js';
export { FanRegistered, type FanRegisteredPayload } from './events/fan-registered.event.js';
export { AccountDeleted, type AccountDeletedPayload } from './events/account-deleted.event.js';
export { FanSessionGuard, ArtistSessionGuard, AdminSessionGuard, CurrentSubject, type SessionPrincipal } from './http/session.guard.js';
export { SESSION_COOKIE } from './http/session-cookies.js';
export { artistUserCards } from './domain/artist-directory.js';
export { IdentityFacadeModule } from './identity-facade.module.js';
export {
  ProviderTokens,
  ProviderAccessRevokedError,
  ProviderRefreshRefusedError,
  ProviderNotConnectedError,
  ProviderTokensUnreadableError,
} from './social/provider-tokens.service.js';
// Listening keeps scrobbling services' tokens sealed the same way (issue 33).
export { TokenCipher } from './social/token-cipher.js';
export { ProviderConnected, type ProviderConnectedPayload } from './events/provider-connected.event.js';
export { FanContacts } from './social/fan-contacts.service.js';
export { type TakePromotionOutcome } from './domain/promotions.js';
// Facade for pies: the artist accounts that are the same person as a fan (promotional money skips their offices).
export { artistAccountsOfFans } from './domain/promotions.js';
export { ProviderDisconnected, type ProviderDisconnectedPayload } from './events/provider-disconnected.event.js';
// Facade for the admin back office.
export { adminFanListing, toAdminFan, adminFan, adminArtistUsersPage, adminArtistUser, accountCounts, adminNames, adminPeopleNames, adminPeopleMatching } from './domain/admin-people.js';
export { fanListeningCountries } from './domain/fan-countries.js';
