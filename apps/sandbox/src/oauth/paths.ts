import type { ProviderName } from './types.js';

/** Where the paths of each provider live, relative to the providers base URL. */
export const PROVIDER_PATHS = {
  spotify: {
    /** Production: https://accounts.spotify.com */
    accountsBase: '/spotify/accounts',
    /** Production: https://api.spotify.com */
    apiBase: '/spotify/api',
    authorize: '/spotify/accounts/authorize',
    token: '/spotify/accounts/api/token',
    me: '/spotify/api/v1/me',
    recentlyPlayed: '/spotify/api/v1/me/player/recently-played',
    topArtists: '/spotify/api/v1/me/top/artists',
    topTracks: '/spotify/api/v1/me/top/tracks',
    artists: '/spotify/api/v1/artists',
    tracks: '/spotify/api/v1/tracks',
    albums: '/spotify/api/v1/albums',
    /** Sandbox only: `/{userId}?days=90&format=basic|extended`. */
    export: '/spotify/__sandbox/export',
    /** Sandbox only: artist country and active flag (not in the real Web API). */
    artistExtension: '/spotify/__sandbox/artists',
    catalogue: '/spotify/__sandbox/catalogue',
    faults: '/spotify/__admin/faults',
    rateLimit: '/spotify/__admin/rate-limit',
    stats: '/spotify/__admin/stats',
    clock: '/spotify/__admin/clock',
  },
  google: {
    /** The issuer; production: https://accounts.google.com */
    issuer: '/google',
    discovery: '/google/.well-known/openid-configuration',
    authorize: '/google/o/oauth2/v2/auth',
    token: '/google/token',
    userinfo: '/google/v1/userinfo',
    revoke: '/google/revoke',
  },
  x: {
    authorize: '/x/i/oauth2/authorize',
    token: '/x/2/oauth2/token',
    me: '/x/2/users/me',
    revoke: '/x/2/oauth2/revoke',
  },
  facebook: {
    authorize: '/facebook/v19.0/dialog/oauth',
    token: '/facebook/v19.0/oauth/access_token',
    me: '/facebook/me',
    permissions: '/facebook/me/permissions',
  },
} as const satisfies Record<ProviderName, Record<string, string>>;
