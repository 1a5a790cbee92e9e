import { describe, expect, it } from 'vitest';
import { CLAIM_STATUSES, type ClaimStatus } from '#pie/contracts';
import { assertTransition, canTransition } from './claim-status.js';

describe('claim transitions', () => {
  const allowed: [ClaimStatus, ClaimStatus][] = [
    ['pending', 'verifying'],
    ['pending', 'rejected'],
    ['pending', 'cancelled'],
    ['verifying', 'successful'],
    ['verifying', 'rejected'],
    ['verifying', 'cancelled'],
    ['successful', 'cancelled'],
  ];

  it('allows exactly the documented transitions', () => {
    for (const from of CLAIM_STATUSES) {
      for (const to of CLAIM_STATUSES) {
        const expected = allowed.some(([a, b]) => a === from && b === to);
        expect(canTransition(from, to), `${from} → ${to}`).toBe(expected);
      }
    }
  });

  it('refuses a jump from pending straight to successful, and anything out of a final state, with a 409', () => {
    expect(() => assertTransition('pending', 'successful')).toThrowError('A pending claim cannot become successful');
    expect(() => assertTransition('rejected', 'verifying')).toThrowError('A rejected claim cannot become verifying');
    expect(() => assertTransition('cancelled', 'pending')).toThrowError(/cannot become/);
  });
});
