import { createHash } from 'node:crypto';
import type { SocialProvider } from '#pie/contracts';
import { sql } from 'kysely';
import type { EntityManager } from '#pie/platform';
import { identityDb } from '../db/identity-db.js';
import { hashToken, newSecretToken } from '../domain/secrets.js';

/** Why a person was sent to a provider; decides what the callback does. */
export type OAuthPurpose = 'fan-login' | 'fan-link' | 'artist-link' | 'admin-login';

export interface OAuthState {
  provider: SocialProvider;
  purpose: OAuthPurpose;
  codeVerifier: string;
  subjectId: string | null;
  promo: string | null;
  deviceType: string | null;
}

export const OAUTH_STATE_LIFETIME_MS = 10 * 60_000;

/**
 * What the browser that started a round trip keeps in a cookie: a hash of the state, so the callback
 * can tell that the same browser comes back (a callback URL handed to someone else gets nowhere).
 * Not the hash the table keys on, so a copy of the table does not yield cookie values.
 */
export function browserBindingOf(state: string): string {
  return createHash('sha256').update(`pie-oauth-browser:${state}`).digest('base64url');
}

/** A one-time state for one round trip; the verifier never leaves the server. */
export async function createOAuthState(em: EntityManager, state: OAuthState): Promise<string> {
  const value = newSecretToken();
  await identityDb(em)
    .insertInto('identity.oauth_states')
    .values({
      state_hash: hashToken(value),
      provider: state.provider,
      purpose: state.purpose,
      code_verifier: state.codeVerifier,
      subject_id: state.subjectId,
      promo: state.promo,
      device_type: state.deviceType,
      expires_at: new Date(Date.now() + OAUTH_STATE_LIFETIME_MS),
    })
    .execute();
  return value;
}

/**
 * Uses a state once; unknown, used, expired, another provider's state, or one started for another
 * callback (a fan's code brought to the admin callback) gives null.
 */
export async function consumeOAuthState(em: EntityManager, provider: SocialProvider, value: string, purposes: readonly OAuthPurpose[]): Promise<OAuthState | null> {
  const row = await identityDb(em)
    .updateTable('identity.oauth_states')
    .set({ used_at: sql`now()` })
    .where('state_hash', '=', hashToken(value))
    .where('provider', '=', provider)
    .where(sql<boolean>`purpose = any(${[...purposes]}::text[])`)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<string>`now()`)
    .returning(['provider', 'purpose', 'code_verifier', 'subject_id', 'promo', 'device_type'])
    .executeTakeFirst();
  if (!row) return null;
  // The columns are text; what was stored came from createOAuthState's typed values.
  return {
    provider: row.provider as SocialProvider,
    purpose: row.purpose as OAuthPurpose,
    codeVerifier: row.code_verifier,
    subjectId: row.subject_id,
    promo: row.promo,
    deviceType: row.device_type,
  };
}

/** Ends every pending round trip an account started (account deletion): none can finish afterwards. */
export async function endOAuthStatesOf(em: EntityManager, subjectId: string): Promise<void> {
  await identityDb(em).updateTable('identity.oauth_states').set({ used_at: sql`now()` }).where('subject_id', '=', subjectId).where('used_at', 'is', null).execute();
}
