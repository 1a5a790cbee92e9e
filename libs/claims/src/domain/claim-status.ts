import type { ClaimStatus } from '#pie/contracts';
import { illegalTransition } from './claims.errors.js';

/**
 * The one place claim transitions are decided (DESIGN §8): pending → verifying → successful |
 * rejected | cancelled. A pending claim may also be cancelled or rejected outright; a successful
 * claim ends only when its office removes the artist (cancelled); rejected and cancelled are final.
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
