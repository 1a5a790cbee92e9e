import { describe, expect, it } from 'vitest';
import { isPromoEligible } from './promo';

const flagged = { promo_eligible: true, used_promotion_code: false };

describe('spec §4 "Promo eligible"', () => {
  it('needs the fan flagged, no code used, and the eligibility call reporting available and not used', () => {
    expect(isPromoEligible(flagged, { available: true, used: false })).toBe(true);
  });

  it.each([
    ['not flagged promo_eligible', { ...flagged, promo_eligible: false }, { available: true, used: false }],
    ['has used a code', { ...flagged, used_promotion_code: true }, { available: true, used: false }],
    ['the call reports not available', flagged, { available: false, used: false }],
    ['the call reports used', flagged, { available: true, used: true }],
    ['the call has not answered (or failed)', flagged, undefined],
  ])('is not eligible when %s', (_case, fan, eligibility) => {
    expect(isPromoEligible(fan, eligibility)).toBe(false);
  });
});
