import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { AppConfig } from '#pie/platform';

/**
 * Provider access and refresh tokens are stored encrypted (AES-256-GCM): a copy of the database
 * alone does not let anyone act on a fan's Spotify or Google account.
 */
export class TokenCipher {
  private readonly key: Buffer;

  constructor(config: Pick<AppConfig, 'TOKEN_ENCRYPTION_KEY' | 'SESSION_SECRET'>) {
    this.key = config.TOKEN_ENCRYPTION_KEY
      ? Buffer.from(config.TOKEN_ENCRYPTION_KEY, 'base64')
      : Buffer.from(hkdfSync('sha256', config.SESSION_SECRET, 'pie', 'provider-token-encryption', 32));
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  decrypt(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || !body) throw new Error('Unknown token encryption format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
