import { OAuthTestClient, type HttpResult } from '../../oauth/oauth-test-client.js';
import { startOAuthProviders, type OAuthProviders } from '../../oauth/providers-server.js';
import type { OAuthClient } from '../../oauth/types.js';
import type { SpotifyWebApi, StreamingOptions } from '../web-api.js';

/** Everything the listening side of an app asks for. */
export const LISTENING_SCOPES = 'user-read-email user-read-private user-read-recently-played user-top-read';

/** 21:00 UTC on a Tuesday: every seeded listener has played today. */
export const HARNESS_START = Date.UTC(2030, 0, 15, 21, 0, 0);

const CLIENT: OAuthClient = { clientId: 'test-streaming', clientSecret: 'test-streaming-secret', redirectUris: ['http://app.test/callback/spotify'] };

export interface StreamingHarness {
  providers: OAuthProviders;
  /** The providers base URL. */
  url: string;
  api: SpotifyWebApi;
  client: OAuthTestClient;
  /** The streaming provider's current time (base clock + admin offset). */
  now(): number;
  /** Moves the providers' base clock forward (tokens age, listening goes on). */
  advance(ms: number): void;
  /** A fresh access token for the account through the real OAuth + PKCE flow. */
  token(accountId: string, scope?: string): Promise<string>;
  /** GET below the providers URL, e.g. `/spotify/api/v1/me`, with an optional Bearer token. */
  get(path: string, token?: string): Promise<HttpResult<any>>;
  /** A JSON request to a sandbox control, e.g. `POST /spotify/__admin/faults`. */
  send(method: string, path: string, body?: unknown): Promise<HttpResult<any>>;
  close(): Promise<void>;
}

/**
 * The providers on a free port with a clock the test controls, no random faults (tests turn
 * them on when they want them) and the default per-token rate limit.
 */
export async function startStreamingHarness(options: { streaming?: StreamingOptions; start?: number } = {}): Promise<StreamingHarness> {
  let base = options.start ?? HARNESS_START;
  const providers = await startOAuthProviders({
    port: 0,
    clients: { spotify: [CLIENT] },
    now: () => base,
    streaming: { faults: { rate: 0 }, ...options.streaming },
  });
  const client = new OAuthTestClient({ providersUrl: providers.url, provider: 'spotify', client: CLIENT });
  const request = async (method: string, path: string, headers: Record<string, string>, body?: string): Promise<HttpResult<any>> => {
    const res = await fetch(`${providers.url}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };
  return {
    providers,
    url: providers.url,
    api: providers.spotify,
    client,
    now: () => providers.spotify.clock.now(),
    advance(ms) {
      base += ms;
    },
    async token(accountId, scope = LISTENING_SCOPES) {
      const { tokens } = await client.signIn(accountId, { scope });
      return tokens.access_token as string;
    },
    get: (path, token) => request('GET', path, token ? { authorization: `Bearer ${token}` } : {}),
    send: (method, path, body) =>
      request(method, path, body === undefined ? {} : { 'content-type': 'application/json' }, body === undefined ? undefined : JSON.stringify(body)),
    close: () => providers.close(),
  };
}
