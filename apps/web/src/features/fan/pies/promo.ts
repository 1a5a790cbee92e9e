import type { FanUser, PromoEligibility } from '#pie/contracts';

/** What the free pie offer reads of the signed-in fan (spec §3 fan fields). */
export type PromoFan = Pick<FanUser, 'promo_eligible' | 'used_promotion_code'>;

/** Whether the fan's own flags leave the free pie open, so the eligibility call is worth making. */
export function mayHavePromotion(fan: PromoFan): boolean {
  return fan.promo_eligible && !fan.used_promotion_code;
}

/**
 * Spec §4 "Promo eligible": the fan is flagged promo_eligible, has not used a code, and the
 * eligibility call reports available and not used (no answer yet, or a failed call, is not eligible).
 */
export function isPromoEligible(fan: PromoFan, eligibility: PromoEligibility | undefined): boolean {
  return mayHavePromotion(fan) && eligibility?.available === true && !eligibility.used;
}
