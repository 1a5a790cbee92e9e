import { blocksAnotherPie } from './subscription-statuses.js';

/** Why billing refuses the free pie before it asks identity for a code (each a 409 the fan reads). */
export type FreePieRefusal = 'used' | 'not-eligible' | 'live-pie';

/**
 * Billing's side of the free pie (spec §3), in the order the fan is told: a fan who had it — by
 * identity's flag, or a free pie in billing's own rows — never gets it again; only a fan enrolled
 * through /try may have it; and not next to a pie that is still live. Identity then decides the rest
 * (verified account, one per person, a code left) when the code is taken.
 */
export function freePieRefusal(input: {
  promotion: { eligible: boolean; used: boolean } | null;
  hadFreePie: boolean;
  current: { status: string; promo: boolean; current_period_end: Date | string | null } | null;
  now: Date;
}): FreePieRefusal | null {
  if (input.promotion?.used || input.hadFreePie) return 'used';
  if (!input.promotion?.eligible) return 'not-eligible';
  if (input.current && blocksAnotherPie(input.current, input.now)) return 'live-pie';
  return null;
}
