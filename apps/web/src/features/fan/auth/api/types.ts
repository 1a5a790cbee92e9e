import type { PROMO_CODES } from '#pie/contracts';

/** The promotion codes registration accepts (spec §9: 'try'). */
export type PromoCode = (typeof PROMO_CODES)[number];
