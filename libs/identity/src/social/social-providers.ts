import type { SocialProvider } from '#pie/contracts';
import type { AppConfig } from '#pie/platform';

/** What Pie needs to know about a person from any provider. */
export interface SocialProfile {
  providerUserId: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  firstName: string | null;
  lastName: string | null;
  /** The account's country (ISO 3166-1 alpha-2), where the provider says it (Spotify). */
  country?: string | null;
}

export interface ProviderSettings {
  provider: SocialProvider;
  label: string;
  clientId: string;
  clientSecret: string | undefined;
  authorizeUrl: string;
  tokenUrl: string;
  profileUrl: string;
  scopes: string[];
  /** Reads the provider's own user object into a SocialProfile. */
  toProfile(body: any): SocialProfile;
}

function splitName(name: string | null | undefined): { firstName: string | null; lastName: string | null } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? null, lastName: parts.length > 1 ? parts.slice(1).join(' ') : null };
}

/**
 * The real endpoints, or the sandbox's (which mirror their paths under one origin) when
 * SOCIAL_PROVIDERS_BASE_URL is set. Same code path either way.
 */
export function providerSettings(config: AppConfig, provider: SocialProvider): ProviderSettings | undefined {
  const sandbox = config.SOCIAL_PROVIDERS_BASE_URL?.replace(/\/$/, '');
  switch (provider) {
    case 'spotify':
      if (!config.SPOTIFY_CLIENT_ID) return undefined;
      return {
        provider,
        label: 'Spotify',
        clientId: config.SPOTIFY_CLIENT_ID,
        clientSecret: config.SPOTIFY_CLIENT_SECRET,
        authorizeUrl: sandbox ? `${sandbox}/spotify/accounts/authorize` : 'https://accounts.spotify.com/authorize',
        tokenUrl: sandbox ? `${sandbox}/spotify/accounts/api/token` : 'https://accounts.spotify.com/api/token',
        profileUrl: sandbox ? `${sandbox}/spotify/api/v1/me` : 'https://api.spotify.com/v1/me',
        scopes: ['user-read-email', 'user-read-private', 'user-read-recently-played', 'user-top-read'],
        toProfile: (body) => ({
          providerUserId: String(body.id),
          email: body.email ?? null,
          // Spotify does not say whether the address is verified: never trust it to join accounts.
          emailVerified: false,
          displayName: body.display_name ?? null,
          ...splitName(body.display_name),
          // Under `user-read-private`: where the fan listens from (an artist's insights, per country).
          country: typeof body.country === 'string' && /^[A-Z]{2}$/.test(body.country) ? body.country : null,
        }),
      };
    case 'google':
      if (!config.GOOGLE_CLIENT_ID) return undefined;
      return {
        provider,
        label: 'Google',
        clientId: config.GOOGLE_CLIENT_ID,
        clientSecret: config.GOOGLE_CLIENT_SECRET,
        authorizeUrl: sandbox ? `${sandbox}/google/o/oauth2/v2/auth` : 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenUrl: sandbox ? `${sandbox}/google/token` : 'https://oauth2.googleapis.com/token',
        profileUrl: sandbox ? `${sandbox}/google/v1/userinfo` : 'https://openidconnect.googleapis.com/v1/userinfo',
        scopes: ['openid', 'email', 'profile'],
        toProfile: (body) => ({
          providerUserId: String(body.sub),
          email: body.email ?? null,
          emailVerified: body.email_verified === true,
          displayName: body.name ?? null,
          firstName: body.given_name ?? splitName(body.name).firstName,
          lastName: body.family_name ?? splitName(body.name).lastName,
        }),
      };
    case 'twitter':
      if (!config.TWITTER_CLIENT_ID) return undefined;
      return {
        provider,
        label: 'X',
        clientId: config.TWITTER_CLIENT_ID,
        clientSecret: config.TWITTER_CLIENT_SECRET,
        authorizeUrl: sandbox ? `${sandbox}/x/i/oauth2/authorize` : 'https://twitter.com/i/oauth2/authorize',
        tokenUrl: sandbox ? `${sandbox}/x/2/oauth2/token` : 'https://api.twitter.com/2/oauth2/token',
        profileUrl: sandbox ? `${sandbox}/x/2/users/me?user.fields=confirmed_email` : 'https://api.twitter.com/2/users/me?user.fields=confirmed_email',
        scopes: ['users.read', 'tweet.read', 'users.email', 'offline.access'],
        toProfile: (body) => ({
          providerUserId: String(body.data?.id),
          email: body.data?.confirmed_email ?? null,
          emailVerified: Boolean(body.data?.confirmed_email),
          displayName: body.data?.name ?? body.data?.username ?? null,
          ...splitName(body.data?.name),
        }),
      };
    case 'facebook':
      if (!config.FACEBOOK_CLIENT_ID) return undefined;
      return {
        provider,
        label: 'Facebook',
        clientId: config.FACEBOOK_CLIENT_ID,
        clientSecret: config.FACEBOOK_CLIENT_SECRET,
        authorizeUrl: sandbox ? `${sandbox}/facebook/v19.0/dialog/oauth` : 'https://www.facebook.com/v19.0/dialog/oauth',
        tokenUrl: sandbox ? `${sandbox}/facebook/v19.0/oauth/access_token` : 'https://graph.facebook.com/v19.0/oauth/access_token',
        profileUrl: sandbox
          ? `${sandbox}/facebook/me?fields=id,name,email,first_name,last_name`
          : 'https://graph.facebook.com/me?fields=id,name,email,first_name,last_name',
        scopes: ['email', 'public_profile'],
        toProfile: (body) => ({
          providerUserId: String(body.id),
          email: body.email ?? null,
          // Facebook only returns confirmed addresses.
          emailVerified: Boolean(body.email),
          displayName: body.name ?? null,
          firstName: body.first_name ?? splitName(body.name).firstName,
          lastName: body.last_name ?? splitName(body.name).lastName,
        }),
      };
  }
}
