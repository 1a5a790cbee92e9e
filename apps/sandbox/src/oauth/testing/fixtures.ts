import { expect } from 'vitest';
import type { HttpResult } from '../oauth-test-client.js';
import { OAuthTestClient } from '../oauth-test-client.js';
import { startOAuthProviders, type OAuthProviders } from '../providers-server.js';
import { PROVIDER_NAMES, type OAuthClient, type OAuthClientsConfig, type ProviderName } from '../types.js';

/** Per provider, the two clients tests register (the second one proves codes are bound to a client). */
export function testClients(provider: ProviderName): [OAuthClient, OAuthClient] {
  return [
    { clientId: `test-${provider}`, clientSecret: `test-${provider}-secret`, redirectUris: [`http://app.test/callback/${provider}`, `http://app.test/other/${provider}?keep=1`] },
    { clientId: `test-${provider}-2`, clientSecret: `test-${provider}-2-secret`, redirectUris: [`http://second.test/callback/${provider}`] },
  ];
}

export interface Harness {
  providers: OAuthProviders;
  /** Moves the providers' clock forward. */
  advance(seconds: number): void;
  client(provider: ProviderName, which?: 0 | 1): OAuthTestClient;
  close(): Promise<void>;
}

/** Starts the providers on a free port with the test clients and a clock the test controls. */
export async function startHarness(): Promise<Harness> {
  let now = Date.UTC(2030, 0, 1);
  const clients = Object.fromEntries(PROVIDER_NAMES.map((p) => [p, testClients(p)])) as OAuthClientsConfig;
  const providers = await startOAuthProviders({ port: 0, clients, now: () => now });
  return {
    providers,
    advance(seconds) {
      now += seconds * 1000;
    },
    client(provider, which = 0) {
      return new OAuthTestClient({ providersUrl: providers.url, provider, client: testClients(provider)[which] });
    },
    close: () => providers.close(),
  };
}

/** The account id and e-mail a user endpoint answered with, whatever the provider's shape. */
export function identityOf(provider: ProviderName, body: Record<string, any>): { id: string; email: string | undefined } {
  switch (provider) {
    case 'spotify':
      return { id: body.id, email: body.email };
    case 'google':
      return { id: body.sub, email: body.email };
    case 'x':
      return { id: body.data.id, email: body.data.confirmed_email };
    case 'facebook':
      return { id: body.id, email: body.email };
  }
}

/**
 * A refused grant: RFC 6749 `invalid_grant` (400), except at Facebook, whose token endpoint
 * answers with a Graph `OAuthException` as the real one does.
 */
export function expectGrantRefused(provider: ProviderName, res: HttpResult, description?: RegExp): void {
  expect(res.status).toBe(400);
  if (provider === 'facebook') {
    expect(res.body.error.type).toBe('OAuthException');
    if (description) expect(res.body.error.message).toMatch(description);
  } else {
    expect(res.body.error).toBe('invalid_grant');
    if (description) expect(res.body.error_description).toMatch(description);
  }
}

export function expectClientRefused(provider: ProviderName, res: HttpResult): void {
  if (provider === 'facebook') {
    expect(res.status).toBe(400);
    expect(res.body.error.type).toBe('OAuthException');
  } else {
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
  }
}

/** The provider's own 401 shape on its user endpoint. */
export function expectUnauthorized(provider: ProviderName, res: HttpResult, reason: 'invalid' | 'expired'): void {
  expect(res.status).toBe(401);
  switch (provider) {
    case 'spotify':
      expect(res.body).toEqual({ error: { status: 401, message: reason === 'expired' ? 'The access token expired' : 'Invalid access token' } });
      break;
    case 'google':
      expect(res.body).toEqual({ error: 'invalid_request', error_description: 'Invalid Credentials' });
      expect(res.headers.get('www-authenticate')).toMatch(/invalid_token/);
      break;
    case 'x':
      expect(res.body).toEqual({ title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' });
      break;
    case 'facebook':
      expect(res.body.error).toMatchObject({ type: 'OAuthException', code: 190 });
      if (reason === 'expired') expect(res.body.error.error_subcode).toBe(463);
      break;
  }
}
