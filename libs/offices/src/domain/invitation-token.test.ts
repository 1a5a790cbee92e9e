import { describe, expect, it } from 'vitest';
import { readInvitation, signInvitation } from './invitation-token.js';

const secret = 'test-secret';
const claims = { nonce: 'n0nce', expiresAt: new Date('2026-12-01T10:00:00Z') };

describe('invitation tokens', () => {
  it('read back what was signed for the office', () => {
    expect(readInvitation(secret, 'office-1', signInvitation(secret, 'office-1', claims))).toEqual(claims);
  });

  it('are worthless for another office, or under another secret', () => {
    const token = signInvitation(secret, 'office-1', claims);
    expect(readInvitation(secret, 'office-2', token)).toBeNull();
    expect(readInvitation('other-secret', 'office-1', token)).toBeNull();
  });

  it('refuse a token whose nonce or expiry was changed (a resend, or a link pushed later)', () => {
    const [nonce, expires, mac] = signInvitation(secret, 'office-1', claims).split('.');
    expect(readInvitation(secret, 'office-1', `other.${expires}.${mac}`)).toBeNull();
    const later = Math.floor(Date.parse('2027-01-01T00:00:00Z') / 1000).toString(36);
    expect(readInvitation(secret, 'office-1', `${nonce}.${later}.${mac}`)).toBeNull();
  });

  it('refuse malformed tokens', () => {
    for (const token of ['', 'a.b', 'a.b.c.d', '..']) expect(readInvitation(secret, 'office-1', token), token).toBeNull();
  });
});
