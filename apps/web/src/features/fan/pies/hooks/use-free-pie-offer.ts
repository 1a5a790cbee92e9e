import { useGetPromoEligibilityQuery } from '../api/pies.api';
import { isPromoEligible, mayHavePromotion, type PromoFan } from '../promo';

export interface FreePieOffer {
  /** Spec §4 "Promo eligible". */
  eligible: boolean;
  /** The eligibility call is still out: the page waits rather than offer the paid pie alone first. */
  checking: boolean;
}

/** Whether to offer this fan the free $5 pie; asks the server only when the fan's own flags allow it. */
export function useFreePieOffer(fan: PromoFan): FreePieOffer {
  const flagged = mayHavePromotion(fan);
  const eligibility = useGetPromoEligibilityQuery(undefined, { skip: !flagged });
  return { eligible: isPromoEligible(fan, eligibility.data), checking: flagged && eligibility.isLoading };
}
