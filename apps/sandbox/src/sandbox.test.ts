import { describe, expect, it } from 'vitest';
import { startSandbox } from './sandbox.js';

describe('startSandbox', () => {
  it('starts the mail stand-in, reports its URLs and closes it', async () => {
    const sandbox = await startSandbox({ host: '127.0.0.1', mail: { smtpPort: 0, httpPort: 0 } });
    try {
      expect(sandbox.urls.smtp).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
      expect(sandbox.urls.mailInbox).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${sandbox.urls.mailInbox}/healthz`)).status).toBe(200);
    } finally {
      await sandbox.close();
    }
    await expect(fetch(`${sandbox.urls.mailInbox}/healthz`)).rejects.toThrow();
  });

  it('fails clearly when a port is taken', async () => {
    const first = await startSandbox({ host: '127.0.0.1', mail: { smtpPort: 0, httpPort: 0 } });
    try {
      const httpPort = Number(new URL(first.urls.mailInbox).port);
      await expect(startSandbox({ host: '127.0.0.1', mail: { smtpPort: 0, httpPort } })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });
});
