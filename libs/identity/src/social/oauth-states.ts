import { createHash } from 'node:crypto';
import type { SocialProvider } from '#pie/contracts';
import type { EntityManager } from '#pie/platform';
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
  await em.execute(
    `insert into identity.oauth_states (state_hash, provider, purpose, code_verifier, subject_id, promo, device_type, expires_at)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
    [hashToken(value), state.provider, state.purpose, state.codeVerifier, state.subjectId, state.promo, state.deviceType, new Date(Date.now() + OAUTH_STATE_LIFETIME_MS)],
  );
  return value;
}

/**
 * Uses a state once; unknown, used, expired, another provider's state, or one started for another
 * callback (a fan's code brought to the admin callback) gives null.
 */
export async function consumeOAuthState(em: EntityManager, provider: SocialProvider, value: string, purposes: readonly OAuthPurpose[]): Promise<OAuthState | null> {
  const rows = await em.execute<{ provider: SocialProvider; purpose: OAuthPurpose; code_verifier: string; subject_id: string | null; promo: string | null; device_type: string | null }[]>(
    `update identity.oauth_states set used_at = now()
      where state_hash = ? and provider = ? and purpose = any(?::text[]) and used_at is null and expires_at > now()
      returning provider, purpose, code_verifier, subject_id, promo, device_type`,
    [hashToken(value), provider, `{${purposes.join(',')}}`],
  );
  const row = rows[0];
  if (!row) return null;
  return { provider: row.provider, purpose: row.purpose, codeVerifier: row.code_verifier, subjectId: row.subject_id, promo: row.promo, deviceType: row.device_type };
}

/** Ends every pending round trip an account started (account deletion): none can finish afterwards. */
export async function endOAuthStatesOf(em: EntityManager, subjectId: string): Promise<void> {
  await em.execute(`update identity.oauth_states set used_at = now() where subject_id = ? and used_at is null`, [subjectId]);
}
