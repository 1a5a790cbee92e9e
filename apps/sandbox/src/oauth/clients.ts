import { PROVIDER_NAMES, type OAuthClient, type OAuthClientsConfig, type ProviderName } from './types.js';

/**
 * The clients registered when nothing else is configured: one per provider, as the app's local
 * configuration expects (`pie-local-<provider>` / `pie-local-<provider>-secret`), allowed to
 * return to the app's fan callback, the artist Google callback and the admin Google callback.
 */
export function defaultOAuthClient(provider: ProviderName, appOrigin = 'http://localhost:3000'): OAuthClient {
  const origin = appOrigin.replace(/\/+$/, '');
  return {
    clientId: `pie-local-${provider}`,
    clientSecret: `pie-local-${provider}-secret`,
    redirectUris: [
      // The app names X by its API's older name, as the spec does (loginTwitter, link-twitter).
      `${origin}/api/auth/callback/${provider === 'x' ? 'twitter' : provider}`,
      `${origin}/api/for-artists/auth/callback/google`,
      `${origin}/api/admin/auth/google/callback`,
      // Claim verification by signing in to the artist's official account (YouTube via Google, Instagram via Facebook).
      ...['twitter', 'youtube', 'facebook', 'instagram'].map((platform) => `${origin}/api/for-artists/claims/verify-social/callback/${platform}`),
    ],
  };
}

export function defaultOAuthClients(appOrigin = 'http://localhost:3000'): Required<OAuthClientsConfig> {
  return Object.fromEntries(PROVIDER_NAMES.map((p) => [p, [defaultOAuthClient(p, appOrigin)]])) as Required<OAuthClientsConfig>;
}

/** Fills the providers a config leaves out with the defaults and checks the rest is usable. */
export function resolveOAuthClients(config: OAuthClientsConfig = {}, appOrigin?: string): Required<OAuthClientsConfig> {
  const defaults = defaultOAuthClients(appOrigin);
  const resolved = { ...defaults };
  for (const provider of PROVIDER_NAMES) {
    const clients = config[provider];
    if (clients === undefined) continue;
    const seen = new Set<string>();
    for (const client of clients) {
      if (!client.clientId || !client.clientSecret) throw new Error(`${provider}: every client needs a clientId and a clientSecret`);
      if (seen.has(client.clientId)) throw new Error(`${provider}: client ${client.clientId} is registered twice`);
      seen.add(client.clientId);
      for (const uri of client.redirectUris) {
        if (!URL.canParse(uri)) throw new Error(`${provider}: client ${client.clientId} has an invalid redirect URI ${JSON.stringify(uri)}`);
        // RFC 6749 §3.1.2: the redirection endpoint URI must not include a fragment.
        if (new URL(uri).hash) throw new Error(`${provider}: redirect URI ${uri} must not contain a fragment`);
      }
    }
    resolved[provider] = clients.map((c) => ({ ...c, redirectUris: [...c.redirectUris] }));
  }
  return resolved;
}
