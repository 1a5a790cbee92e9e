import { createHmac } from 'node:crypto';
import { PROMO_ALREADY_USED_MESSAGE, PROMO_UNAVAILABLE_MESSAGE } from '#pie/contracts';
import { DomainError, textArray, type EntityManager } from '#pie/platform';
import { promotionRefusal } from './promotion-rules.js';

export { PROMO_UNAVAILABLE_MESSAGE };
export const PROMO_CAMPAIGN = 'try';

export const promoUnavailable = () => new DomainError('identity.promo-unavailable', 'conflict', PROMO_UNAVAILABLE_MESSAGE);
export const promoAlreadyUsed = () =>
  new DomainError('identity.promo-already-used', 'conflict', `${PROMO_ALREADY_USED_MESSAGE}. Each user can only use this offer once.`);

/**
 * A fan signing up (or signing in) through /try: they may start the free pie later, once their
 * account is verified. Takes no code — a code is taken only when the free pie starts
 * (`takePromotion`) — but says so now when there is none left or the fan already had it.
 */
export async function enrolInPromotion(em: EntityManager, fanId: string): Promise<void> {
  const [fan] = await em.execute<{ used_promotion_code: boolean }[]>(`select used_promotion_code from identity.fans where id = ? for update`, [fanId]);
  if (fan?.used_promotion_code) throw promoAlreadyUsed();
  if ((await remainingPromotionCodes(em)) === 0) throw promoUnavailable();
  await em.execute(`update identity.fans set promo_eligible = true where id = ? and not promo_eligible`, [fanId]);
}

export interface PromotionFingerprint {
  fingerprint: string;
  kind: 'email' | 'provider';
}

/**
 * HMAC-SHA256 (key: PROMOTION_HASH_SECRET) of what identifies a person to the promotion: the
 * normalised address (`identity.normalised_email`, the one definition of "the same mailbox") and
 * each linked provider account. Keyed, so the stored values cannot be matched against a list of
 * addresses without the secret.
 */
export class PromotionFingerprinter {
  constructor(private readonly secret: string) {}

  email(normalisedAddress: string): PromotionFingerprint {
    return { fingerprint: this.mac(`email:${normalisedAddress}`), kind: 'email' };
  }

  provider(provider: string, providerUserId: string): PromotionFingerprint {
    return { fingerprint: this.mac(`provider:${provider}:${providerUserId}`), kind: 'provider' };
  }

  private mac(value: string): string {
    return createHmac('sha256', this.secret).update(value).digest('base64url');
  }
}

interface FanPromotionRow {
  id: string;
  normalised_email: string | null;
  email_verified_at: Date | null;
  promo_eligible: boolean;
  used_promotion_code: boolean;
  deleted_at: Date | null;
}

async function promotionRowOf(em: EntityManager, fanId: string, lock: boolean): Promise<FanPromotionRow | null> {
  const [row] = await em.execute<FanPromotionRow[]>(
    `select id, identity.normalised_email(email) as normalised_email, email_verified_at, promo_eligible, used_promotion_code, deleted_at
       from identity.fans where id = ? ${lock ? 'for update' : ''}`,
    [fanId],
  );
  return row ?? null;
}

async function linkedProvidersOf(em: EntityManager, fanId: string): Promise<{ provider: string; provider_user_id: string }[]> {
  return em.execute(`select provider, provider_user_id from identity.social_identities where subject_kind = 'fan' and subject_id = ? order by provider, provider_user_id`, [fanId]);
}

/** Sorted, so two transactions inserting overlapping sets take their row locks in the same order. */
function fingerprintsOf(fingerprinter: PromotionFingerprinter, fan: FanPromotionRow, providers: { provider: string; provider_user_id: string }[]): PromotionFingerprint[] {
  const prints = providers.map((p) => fingerprinter.provider(p.provider, p.provider_user_id));
  if (fan.normalised_email) prints.push(fingerprinter.email(fan.normalised_email));
  return prints.sort((a, b) => (a.fingerprint < b.fingerprint ? -1 : a.fingerprint > b.fingerprint ? 1 : 0));
}

/** Keeps these fingerprints; answers how many were new (the others were kept already, by anyone). */
async function keep(em: EntityManager, prints: PromotionFingerprint[]): Promise<number> {
  if (prints.length === 0) return 0;
  const inserted = await em.execute<{ fingerprint: string }[]>(
    `insert into identity.promotion_fingerprints (fingerprint, kind)
     select f, k from unnest(?::text[], ?::text[]) with ordinality as t(f, k, n) order by n
     on conflict (fingerprint) do nothing returning fingerprint`,
    [textArray(prints.map((p) => p.fingerprint)), textArray(prints.map((p) => p.kind))],
  );
  return inserted.length;
}

export type TakePromotionOutcome =
  | { outcome: 'taken'; code: string }
  | { outcome: 'not-eligible' | 'used' | 'unverified' | 'none-left' };

/**
 * The free pie starts (billing's createPromoSubscription, in its transaction): decides whether this
 * fan may have it and, if so, takes a code and marks the promotion used. Anything but `taken` must
 * end the caller's transaction (the fingerprints or the code may already be written in it).
 *
 * - Only a verified account: its address proven (the e-mail link, or a provider that vouches for
 *   it), or, for an account without an address of its own (a provider that gives none, such as
 *   Spotify), its provider sign-in.
 * - One per person for good: the fingerprints of the fan's address and provider accounts go into
 *   `identity.promotion_fingerprints` (primary key). One already there — kept from a deleted account,
 *   or another live account of the same person — means the person had the free pie. Two starts at
 *   once with a shared fingerprint: the second insert waits for the first transaction and then finds it.
 * - A code: SKIP LOCKED, so parallel starts take different codes without waiting.
 */
export async function takePromotion(em: EntityManager, fingerprinter: PromotionFingerprinter, fanId: string): Promise<TakePromotionOutcome> {
  const fan = await promotionRowOf(em, fanId, true);
  const providers = fan ? await linkedProvidersOf(em, fanId) : [];
  const refusal = promotionRefusal(
    fan && {
      deleted: fan.deleted_at !== null,
      eligible: fan.promo_eligible,
      used: fan.used_promotion_code,
      emailVerified: fan.email_verified_at !== null,
      hasEmail: fan.normalised_email !== null,
      linkedProviders: providers.length,
    },
  );
  if (refusal || !fan) return { outcome: refusal ?? 'not-eligible' };
  const prints = fingerprintsOf(fingerprinter, fan, providers);
  // Nothing to know the person by again: no free pie.
  if (prints.length === 0) return { outcome: 'unverified' };
  if ((await keep(em, prints)) < prints.length) return { outcome: 'used' };
  const claimed = await em.execute<{ code: string }[]>(
    `update identity.promotion_codes set claimed_by_fan_id = ?, claimed_at = now()
      where code = (select code from identity.promotion_codes
                     where campaign = ? and claimed_by_fan_id is null
                     order by code limit 1 for update skip locked)
      returning code`,
    [fanId, PROMO_CAMPAIGN],
  );
  if (claimed.length === 0) return { outcome: 'none-left' };
  await em.execute(`update identity.fans set used_promotion_code = true where id = ?`, [fanId]);
  return { outcome: 'taken', code: claimed[0].code };
}

/**
 * Keeps the fingerprints of a fan who had the free pie (their address and every provider linked
 * now): when they link another provider, and before their account is deleted. A fan who never had
 * it leaves nothing.
 */
export async function rememberPromotionUser(em: EntityManager, fingerprinter: PromotionFingerprinter, fanId: string): Promise<void> {
  const fan = await promotionRowOf(em, fanId, false);
  if (!fan?.used_promotion_code) return;
  await keep(em, fingerprintsOf(fingerprinter, fan, await linkedProvidersOf(em, fanId)));
}

/**
 * The live artist accounts that are the same person as each fan: the same mailbox
 * (`identity.normalised_email`), or a provider account linked to both. For pies' rule that
 * promotional money never reaches the fan's own office.
 */
export async function artistAccountsOfFans(em: EntityManager, fanIds: readonly string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (fanIds.length === 0) return result;
  const rows = await em.execute<{ fan_id: string; artist_user_id: string }[]>(
    `select f.id as fan_id, a.id as artist_user_id
       from identity.fans f
       join identity.artist_users a on a.deleted_at is null and identity.normalised_email(a.email) = identity.normalised_email(f.email)
      where f.id = any(?::uuid[])
     union
     select sf.subject_id, sa.subject_id
       from identity.social_identities sf
       join identity.social_identities sa on sa.provider = sf.provider and sa.provider_user_id = sf.provider_user_id and sa.subject_kind = 'artist'
       join identity.artist_users a on a.id = sa.subject_id and a.deleted_at is null
      where sf.subject_kind = 'fan' and sf.subject_id = any(?::uuid[])`,
    [textArray(fanIds), textArray(fanIds)],
  );
  for (const row of rows) result.set(row.fan_id, [...(result.get(row.fan_id) ?? []), row.artist_user_id]);
  return result;
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
