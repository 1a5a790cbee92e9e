import { describe, expect, it } from 'vitest';
import { startSandbox } from '../sandbox.js';
import { OAuthTestClient } from './oauth-test-client.js';

describe('startSandbox with the OAuth providers', () => {
  it('starts the providers next to the mail stand-in with the default local clients', async () => {
    const sandbox = await startSandbox({ host: '127.0.0.1', mail: { smtpPort: 0, httpPort: 0 }, providers: { port: 0 } });
    try {
      expect(sandbox.urls.providers).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${sandbox.urls.mailInbox}/healthz`)).status).toBe(200);
      // No clients configured: pie-local-spotify / pie-local-spotify-secret with the localhost:3000 callbacks.
      const client = new OAuthTestClient({ providersUrl: sandbox.urls.providers, provider: 'spotify' });
      expect(client.redirectUri).toBe('http://localhost:3000/api/auth/callback/spotify');
      const { tokens } = await client.signIn('listener1');
      expect((await client.userInfo(tokens.access_token)).body.email).toBe('listener1@spotify.sandbox');
      const google = new OAuthTestClient({
        providersUrl: sandbox.urls.providers,
        provider: 'google',
        redirectUri: 'http://localhost:3000/api/admin/auth/google/callback',
      });
      expect((await google.signIn('100000000000000000003')).tokens.id_token).toEqual(expect.any(String));
    } finally {
      await sandbox.close();
    }
    await expect(fetch(`${sandbox.urls.providers}/healthz`)).rejects.toThrow();
  });

  it('starts the providers on a free port when the config leaves them out', async () => {
    const sandbox = await startSandbox({ host: '127.0.0.1', mail: { smtpPort: 0, httpPort: 0 } });
    try {
      expect((await fetch(`${sandbox.urls.providers}/healthz`)).status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });

  it('stops the mail stand-in when the providers port is taken', async () => {
    const first = await startSandbox({ host: '127.0.0.1', mail: { smtpPort: 0, httpPort: 0 } });
    try {
      const port = Number(new URL(first.urls.providers).port);
      await expect(startSandbox({ host: '127.0.0.1', mail: { smtpPort: 0, httpPort: 0 }, providers: { port } })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });
});
