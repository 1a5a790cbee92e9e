/** The providers the sandbox stands in for; each is served under `/<name>` on the providers port. */
export const PROVIDER_NAMES = ['spotify', 'google', 'x', 'facebook'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** A registered OAuth client (an "app" in the provider's developer console). */
export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  /** Exact-match list, as the real providers compare them. */
  redirectUris: string[];
}

/** Registered clients per provider; a provider left out gets `defaultOAuthClients()`'s entry. */
export type OAuthClientsConfig = Partial<Record<ProviderName, OAuthClient[]>>;

/** Every sandbox account has a stable provider user id, used by the `__admin` routes. */
export interface BaseAccount {
  id: string;
}

export interface SpotifyAccount extends BaseAccount {
  displayName: string;
  email: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  product: 'premium' | 'free' | 'open';
  followers: number;
  imageUrl: string | null;
  explicitContentFilter: boolean;
}

export interface GoogleAccount extends BaseAccount {
  /** Google's `sub`: a stable numeric string. */
  id: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  picture: string | null;
  locale: string;
}

export interface XAccount extends BaseAccount {
  name: string;
  /** The @handle, without the @. */
  username: string;
  /** X shares an e-mail only when the account has a confirmed one (and `users.email` was granted). */
  confirmedEmail: string | null;
}

export interface FacebookAccount extends BaseAccount {
  firstName: string;
  lastName: string;
  /** Facebook accounts registered by phone have no e-mail. */
  email: string | null;
}

export interface AccountsByProvider {
  spotify: SpotifyAccount;
  google: GoogleAccount;
  x: XAccount;
  facebook: FacebookAccount;
}

export type SandboxAccount = AccountsByProvider[ProviderName];
