import { PROMO_ALREADY_USED_MESSAGE } from '#pie/contracts';
import { DomainError, textArray, type EntityManager } from '#pie/platform';

export const PROMO_CAMPAIGN = 'try';
export const PROMO_UNAVAILABLE_MESSAGE = 'No promotion codes are available';

export const promoUnavailable = () => new DomainError('identity.promo-unavailable', 'conflict', PROMO_UNAVAILABLE_MESSAGE);
export const promoAlreadyUsed = () =>
  new DomainError('identity.promo-already-used', 'conflict', `${PROMO_ALREADY_USED_MESSAGE}. Each user can only use this offer once.`);

/**
 * Takes one free code for a fan, in the caller's transaction. SKIP LOCKED lets parallel sign-ups
 * take different codes without waiting; when every code is taken (or being taken) there is none.
 */
export async function claimPromotionCode(em: EntityManager, fanId: string): Promise<string> {
  const already = await em.execute<{ code: string }[]>(`select code from identity.promotion_codes where claimed_by_fan_id = ?`, [fanId]);
  if (already.length > 0) throw promoAlreadyUsed();
  const claimed = await em.execute<{ code: string }[]>(
    `update identity.promotion_codes set claimed_by_fan_id = ?, claimed_at = now()
      where code = (select code from identity.promotion_codes
                     where campaign = ? and claimed_by_fan_id is null
                     order by code limit 1 for update skip locked)
      returning code`,
    [fanId, PROMO_CAMPAIGN],
  );
  if (claimed.length === 0) throw promoUnavailable();
  await em.execute(`update identity.fans set promo_eligible = true where id = ?`, [fanId]);
  return claimed[0].code;
}

export async function remainingPromotionCodes(em: EntityManager): Promise<number> {
  const [row] = await em.execute<{ remaining: string }[]>(
    `select count(*) as remaining from identity.promotion_codes where campaign = ? and claimed_by_fan_id is null`,
    [PROMO_CAMPAIGN],
  );
  return Number(row?.remaining ?? 0);
}

/** Adds codes to the pool (demo data, operators); existing codes are left as they are. */
export async function addPromotionCodes(em: EntityManager, codes: string[]): Promise<void> {
  if (codes.length === 0) return;
  await em.execute(
    `insert into identity.promotion_codes (code, campaign) select unnest(?::text[]), ? on conflict (code) do nothing`,
    [textArray(codes), PROMO_CAMPAIGN],
  );
}
