import { CLAIM_STATUSES, type ClaimStatus } from '#pie/contracts';
import { illegalTransition } from './claims.errors.js';

/**
 * The one place claim transitions are decided (DESIGN §8): pending → verifying → successful |
 * rejected | cancelled. A pending claim may also be cancelled or rejected outright; a successful
 * claim ends only when its office removes the artist (cancelled); rejected and cancelled are final.
 * Every status change goes through `changeStatus` (claims-store.ts), which asserts it here.
 */
const ALLOWED: Record<ClaimStatus, readonly ClaimStatus[]> = {
  pending: ['verifying', 'rejected', 'cancelled'],
  verifying: ['successful', 'rejected', 'cancelled'],
  successful: ['cancelled'],
  rejected: [],
  cancelled: [],
};

export function canTransition(from: ClaimStatus, to: ClaimStatus): boolean {
  return ALLOWED[from].includes(to);
}

export function assertTransition(from: ClaimStatus, to: ClaimStatus): void {
  if (!canTransition(from, to)) throw illegalTransition(from, to);
}

/**
 * The allowed moves that take a claim from `from` to `to`, fewest first (an admin's manual
 * verification of a pending claim: verifying, then successful). Refused (409) when no allowed
 * path leads there, staying where it is included.
 */
export function stepsTo(from: ClaimStatus, to: ClaimStatus): ClaimStatus[] {
  const cameFrom = new Map<ClaimStatus, ClaimStatus>();
  const queue: ClaimStatus[] = [from];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const next of ALLOWED[at]) {
      if (next === from || cameFrom.has(next)) continue;
      cameFrom.set(next, at);
      if (next === to) {
        const path: ClaimStatus[] = [to];
        while (cameFrom.get(path[0]) !== from) path.unshift(cameFrom.get(path[0])!);
        return path;
      }
      queue.push(next);
    }
  }
  throw illegalTransition(from, to);
}

/** A verification attempt (bio, social sign-in) is for a claim in verifying or one that may become so. */
export function assertMayVerify(status: ClaimStatus): void {
  if (status !== 'verifying') assertTransition(status, 'verifying');
}

/** Undecided: the claim may still win or lose its artist. */
export function isUndecided(status: ClaimStatus): boolean {
  return status === 'pending' || status === 'verifying';
}

/**
 * Open: the claim holds its artist (successful) or may still win it. An office has one open claim
 * per artist; closing an office or removing an artist cancels the open ones.
 */
export const OPEN_CLAIM_STATUSES = CLAIM_STATUSES.filter((status) => status === 'successful' || isUndecided(status));
