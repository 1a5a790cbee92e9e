// Public surface of libs/identity.
export { identityModule } from './identity.module-descriptor.js';
export { FanRegistered, type FanRegisteredPayload } from './events/fan-registered.event.js';
export { ArtistRegistered, type ArtistRegisteredPayload } from './events/artist-registered.event.js';
export { AccountDeleted, type AccountDeletedPayload } from './events/account-deleted.event.js';
export { FanSessionGuard, ArtistSessionGuard, AdminSessionGuard, CurrentSubject, type SessionPrincipal } from './http/session.guard.js';
export { SESSION_COOKIE } from './http/session-cookies.js';
// For the offices module's invitations (it calls this in its own transaction until invitations move to a command).
export { prepareInvitedArtistUser } from './domain/artist-invitations.js';
export { artistUserCards, type ArtistUserCard } from './domain/artist-directory.js';
export { IdentityFacadeModule } from './identity-facade.module.js';
export {
  ProviderTokens,
  ProviderAccessRevokedError,
  ProviderNotConnectedError,
  ProviderTokensUnreadableError,
  TOKENS_UNREADABLE_REASON,
} from './social/provider-tokens.service.js';
export { ProviderConnected, type ProviderConnectedPayload } from './events/provider-connected.event.js';
export { FanContacts, type FanContact } from './social/fan-contacts.service.js';
export { ProviderDisconnected, type ProviderDisconnectedPayload } from './events/provider-disconnected.event.js';
// Facade for the admin back office.
export { adminFansPage, adminFan, adminArtistUsersPage, adminArtistUser, accountCounts, adminNames, type AdminFanRow, type AdminArtistUserRow } from './domain/admin-people.js';
