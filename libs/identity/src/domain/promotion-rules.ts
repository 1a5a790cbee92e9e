/**
 * Who may have the free pie (spec §3), as pure rules: `takePromotion` decides with them when the
 * pie starts, the /try page's eligibility answer shows the same thing before.
 */

/** A fan as the promotion sees them. */
export interface PromotionCandidate {
  deleted: boolean;
  /** Enrolled through /try. */
  eligible: boolean;
  /** Had the free pie already (a code was taken). */
  used: boolean;
  /** Their address is proven (the e-mail link, or a provider that vouches for it). */
  emailVerified: boolean;
  /** They have an address of their own at all (some providers, such as Spotify, give none). */
  hasEmail: boolean;
  /** Provider accounts linked to them. */
  linkedProviders: number;
}

export type PromotionRefusal = 'not-eligible' | 'used' | 'unverified';

/**
 * Why this fan may not take the free pie now, or null when they may (a code still has to be left,
 * and no other account of the same person may have had it). A verified account only: a proven
 * address, or — for an account without an address — a provider sign-in.
 */
export function promotionRefusal(fan: PromotionCandidate | null): PromotionRefusal | null {
  if (!fan || fan.deleted) return 'not-eligible';
  if (fan.used) return 'used';
  if (!fan.eligible) return 'not-eligible';
  if (!isVerifiedForPromotion(fan)) return 'unverified';
  return null;
}

export function isVerifiedForPromotion(fan: Pick<PromotionCandidate, 'emailVerified' | 'hasEmail' | 'linkedProviders'>): boolean {
  return fan.emailVerified || (!fan.hasEmail && fan.linkedProviders > 0);
}

/** What /try shows a signed-in fan: the free pie is still theirs to start (enrolled, not used). */
export function promotionOpenTo(fan: Pick<PromotionCandidate, 'eligible' | 'used'>): boolean {
  return fan.eligible && !fan.used;
}
