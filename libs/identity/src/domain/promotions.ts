import { createHmac } from 'node:crypto';
import { PROMO_ALREADY_USED_MESSAGE, PROMO_UNAVAILABLE_MESSAGE } from '#pie/contracts';
import { sql } from 'kysely';
import { DomainError, type EntityManager } from '#pie/platform';
import { identityDb } from '../db/identity-db.js';
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
  const db = identityDb(em);
  const fan = await db.selectFrom('identity.fans').select('used_promotion_code').where('id', '=', fanId).forUpdate().executeTakeFirst();
  if (fan?.used_promotion_code) throw promoAlreadyUsed();
  if ((await remainingPromotionCodes(em)) === 0) throw promoUnavailable();
  await db.updateTable('identity.fans').set({ promo_eligible: true }).where('id', '=', fanId).where('promo_eligible', '=', false).execute();
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

/** What the promotion rules need to know of a fan. */
interface FanPromotionState {
  /** `identity.normalised_email` of the address: the one definition of "the same mailbox". */
  normalisedEmail: string | null;
  emailVerified: boolean;
  eligible: boolean;
  used: boolean;
  deleted: boolean;
}

async function promotionStateOf(em: EntityManager, fanId: string, lock: boolean): Promise<FanPromotionState | null> {
  const row = await identityDb(em)
    .selectFrom('identity.fans')
    .select([
      sql<string | null>`identity.normalised_email(email)`.as('normalised_email'),
      'email_verified_at',
      'promo_eligible',
      'used_promotion_code',
      'deleted_at',
    ])
    .where('id', '=', fanId)
    .$if(lock, (query) => query.forUpdate())
    .executeTakeFirst();
  return row
    ? {
        normalisedEmail: row.normalised_email,
        emailVerified: row.email_verified_at !== null,
        eligible: row.promo_eligible,
        used: row.used_promotion_code,
        deleted: row.deleted_at !== null,
      }
    : null;
}

async function linkedProvidersOf(em: EntityManager, fanId: string): Promise<{ provider: string; provider_user_id: string }[]> {
  return identityDb(em)
    .selectFrom('identity.social_identities')
    .select(['provider', 'provider_user_id'])
    .where('subject_kind', '=', 'fan')
    .where('subject_id', '=', fanId)
    .orderBy('provider')
    .orderBy('provider_user_id')
    .execute();
}

/** Sorted, so two transactions inserting overlapping sets take their row locks in the same order. */
function fingerprintsOf(fingerprinter: PromotionFingerprinter, fan: FanPromotionState, providers: { provider: string; provider_user_id: string }[]): PromotionFingerprint[] {
  const prints = providers.map((p) => fingerprinter.provider(p.provider, p.provider_user_id));
  if (fan.normalisedEmail) prints.push(fingerprinter.email(fan.normalisedEmail));
  return prints.sort((a, b) => (a.fingerprint < b.fingerprint ? -1 : a.fingerprint > b.fingerprint ? 1 : 0));
}

/** Keeps these fingerprints; answers how many were new (the others were kept already, by anyone). */
async function keep(em: EntityManager, prints: PromotionFingerprint[]): Promise<number> {
  if (prints.length === 0) return 0;
  // One VALUES list, inserted in its order (the sorted order above).
  const inserted = await identityDb(em)
    .insertInto('identity.promotion_fingerprints')
    .values(prints.map((print) => ({ fingerprint: print.fingerprint, kind: print.kind })))
    .onConflict((conflict) => conflict.column('fingerprint').doNothing())
    .returning('fingerprint')
    .execute();
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
  const fan = await promotionStateOf(em, fanId, true);
  const providers = fan ? await linkedProvidersOf(em, fanId) : [];
  const refusal = promotionRefusal(
    fan && {
      deleted: fan.deleted,
      eligible: fan.eligible,
      used: fan.used,
      emailVerified: fan.emailVerified,
      hasEmail: fan.normalisedEmail !== null,
      linkedProviders: providers.length,
    },
  );
  if (refusal || !fan) return { outcome: refusal ?? 'not-eligible' };
  const prints = fingerprintsOf(fingerprinter, fan, providers);
  // Nothing to know the person by again: no free pie.
  if (prints.length === 0) return { outcome: 'unverified' };
  if ((await keep(em, prints)) < prints.length) return { outcome: 'used' };
  const db = identityDb(em);
  const claimed = await db
    .updateTable('identity.promotion_codes')
    .set({ claimed_by_fan_id: fanId, claimed_at: sql`now()` })
    .where('code', '=', (eb) =>
      eb
        .selectFrom('identity.promotion_codes')
        .select('code')
        .where('campaign', '=', PROMO_CAMPAIGN)
        .where('claimed_by_fan_id', 'is', null)
        .orderBy('code')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returning('code')
    .executeTakeFirst();
  if (!claimed) return { outcome: 'none-left' };
  await db.updateTable('identity.fans').set({ used_promotion_code: true }).where('id', '=', fanId).execute();
  return { outcome: 'taken', code: claimed.code };
}

/**
 * Keeps the fingerprints of a fan who had the free pie (their address and every provider linked
 * now): when they link another provider, and before their account is deleted. A fan who never had
 * it leaves nothing.
 */
export async function rememberPromotionUser(em: EntityManager, fingerprinter: PromotionFingerprinter, fanId: string): Promise<void> {
  const fan = await promotionStateOf(em, fanId, false);
  if (!fan?.used) return;
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
  const db = identityDb(em);
  // One array parameter: a pie's fans may be more than a statement's parameters.
  const ids = [...fanIds];
  const rows = await db
    .selectFrom('identity.fans as f')
    .innerJoin('identity.artist_users as a', (join) =>
      join.on('a.deleted_at', 'is', null).on(sql<boolean>`identity.normalised_email(${sql.ref('a.email')}) = identity.normalised_email(${sql.ref('f.email')})`),
    )
    .select(['f.id as fan_id', 'a.id as artist_user_id'])
    .where(sql<boolean>`f.id = any(${ids}::uuid[])`)
    .union(
      db
        .selectFrom('identity.social_identities as sf')
        .innerJoin('identity.social_identities as sa', (join) =>
          join.onRef('sa.provider', '=', 'sf.provider').onRef('sa.provider_user_id', '=', 'sf.provider_user_id').on('sa.subject_kind', '=', 'artist'),
        )
        .innerJoin('identity.artist_users as a', (join) => join.onRef('a.id', '=', 'sa.subject_id').on('a.deleted_at', 'is', null))
        .select(['sf.subject_id as fan_id', 'sa.subject_id as artist_user_id'])
        .where('sf.subject_kind', '=', 'fan')
        .where(sql<boolean>`sf.subject_id = any(${ids}::uuid[])`),
    )
    .execute();
  for (const row of rows) result.set(row.fan_id, [...(result.get(row.fan_id) ?? []), row.artist_user_id]);
  return result;
}

export async function remainingPromotionCodes(em: EntityManager): Promise<number> {
  const row = await identityDb(em)
    .selectFrom('identity.promotion_codes')
    .select(sql<string>`count(*)`.as('remaining'))
    .where('campaign', '=', PROMO_CAMPAIGN)
    .where('claimed_by_fan_id', 'is', null)
    .executeTakeFirst();
  return Number(row?.remaining ?? 0);
}

/** Adds codes to the pool (demo data, operators); existing codes are left as they are. */
export async function addPromotionCodes(em: EntityManager, codes: string[]): Promise<void> {
  if (codes.length === 0) return;
  await identityDb(em)
    .insertInto('identity.promotion_codes')
    .values(codes.map((code) => ({ code, campaign: PROMO_CAMPAIGN })))
    .onConflict((conflict) => conflict.column('code').doNothing())
    .execute();
}
