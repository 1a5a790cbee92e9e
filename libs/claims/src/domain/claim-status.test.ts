import { describe, expect, it } from 'vitest';
import { CLAIM_STATUSES, type ClaimStatus } from '#pie/contracts';
import { assertMayVerify, assertTransition, canTransition, isUndecided, OPEN_CLAIM_STATUSES, stepsTo } from './claim-status.js';

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

  it('never lets a claim come back to pending, nor a lost one win', () => {
    for (const from of CLAIM_STATUSES) expect(canTransition(from, 'pending'), from).toBe(false);
    expect(canTransition('rejected', 'successful')).toBe(false);
    expect(canTransition('cancelled', 'successful')).toBe(false);
  });
});

describe('stepsTo', () => {
  it('verifies a pending claim by hand through verifying, and a verifying one in one step', () => {
    expect(stepsTo('pending', 'successful')).toEqual(['verifying', 'successful']);
    expect(stepsTo('verifying', 'successful')).toEqual(['successful']);
    expect(stepsTo('successful', 'cancelled')).toEqual(['cancelled']);
  });

  it('refuses to verify a claim that is already successful, rejected or cancelled', () => {
    expect(() => stepsTo('successful', 'successful')).toThrowError('A successful claim cannot become successful');
    expect(() => stepsTo('rejected', 'successful')).toThrowError('A rejected claim cannot become successful');
    expect(() => stepsTo('cancelled', 'verifying')).toThrowError(/cannot become/);
  });

  it('only ever walks allowed moves, and finds a way wherever the moves lead', () => {
    const reachable = (from: ClaimStatus, seen = new Set<ClaimStatus>()): Set<ClaimStatus> => {
      for (const to of CLAIM_STATUSES) if (canTransition(from, to) && !seen.has(to)) reachable(to, seen.add(to));
      return seen;
    };
    for (const from of CLAIM_STATUSES) {
      for (const to of CLAIM_STATUSES) {
        if (from === to || !reachable(from).has(to)) {
          expect(() => stepsTo(from, to), `${from} → ${to}`).toThrowError(/cannot become/);
          continue;
        }
        const steps = stepsTo(from, to);
        expect(steps.at(-1)).toBe(to);
        let at = from;
        for (const step of steps) {
          expect(canTransition(at, step), `${at} → ${step} on the way ${from} → ${to}`).toBe(true);
          at = step;
        }
      }
    }
  });
});

describe('verification attempts', () => {
  it('take a pending or verifying claim, never a decided one', () => {
    expect(() => assertMayVerify('pending')).not.toThrow();
    expect(() => assertMayVerify('verifying')).not.toThrow();
    for (const status of ['successful', 'rejected', 'cancelled'] as const) expect(() => assertMayVerify(status), status).toThrowError(/cannot become verifying/);
  });

  it('count pending and verifying claims as undecided', () => {
    expect(CLAIM_STATUSES.filter(isUndecided)).toEqual(['pending', 'verifying']);
  });
});

describe('open claims', () => {
  it('are the ones that hold their artist or may still win it', () => {
    expect(OPEN_CLAIM_STATUSES).toEqual(['pending', 'verifying', 'successful']);
    // A closed claim can never open again: no allowed move leads from closed to open.
    for (const closed of CLAIM_STATUSES.filter((status) => !OPEN_CLAIM_STATUSES.includes(status))) {
      for (const open of OPEN_CLAIM_STATUSES) expect(canTransition(closed, open), `${closed} → ${open}`).toBe(false);
    }
  });
});
