// Public surface of libs/identity.
export { IdentityHttpModule } from './identity-http.module.js';
export { IdentityWorkerModule } from './identity-worker.module.js';
export { identityEntities } from './entities.js';
export { FanRegistered, type FanRegisteredPayload } from './events/fan-registered.event.js';
export { FanSessionGuard, CurrentFan, type FanPrincipal } from './http/fan-session.guard.js';
export { SESSION_COOKIE } from './http/session-cookies.js';
export { hashPassword, ARGON2_OPTIONS } from './domain/secrets.js';
