export { startOAuthProviders, PROVIDER_PATHS, type OAuthProviders, type OAuthProvidersOptions } from './providers-server.js';
export { defaultOAuthClient, defaultOAuthClients } from './clients.js';
export {
  SEEDED_ACCOUNTS,
  SPOTIFY_ACCOUNTS,
  GOOGLE_ACCOUNTS,
  X_ACCOUNTS,
  FACEBOOK_ACCOUNTS,
  ACCOUNT_SCHEMAS,
  type NewAccount,
} from './accounts.js';
export { verifyJwtHs256 } from './crypto.js';
export * from './types.js';
export * from './oauth-test-client.js';
