import { describe, expect, it } from 'vitest';
import { verificationStringFor } from './claims-store.js';

describe('verificationStringFor', () => {
  it('gives one person the same string for an artist every time, in the form the bio check looks for', () => {
    const string = verificationStringFor('secret', 'user-1', 'artist-1');
    expect(string).toMatch(/^pie-verify-[0-9a-f]{10}$/);
    expect(verificationStringFor('secret', 'user-1', 'artist-1')).toBe(string);
  });

  it('differs for another person, another artist or another secret (nobody can guess someone else’s)', () => {
    const string = verificationStringFor('secret', 'user-1', 'artist-1');
    expect(verificationStringFor('secret', 'user-2', 'artist-1')).not.toBe(string);
    expect(verificationStringFor('secret', 'user-1', 'artist-2')).not.toBe(string);
    expect(verificationStringFor('other', 'user-1', 'artist-1')).not.toBe(string);
  });
});
