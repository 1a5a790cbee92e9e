import { LockMode } from '@mikro-orm/core';
import { sql } from 'kysely';
import type { EntityManager } from '#pie/platform';
import { identityDb } from '../db/identity-db.js';
import { EmailToken, type EmailTokenPurpose } from './email-token.entity.js';
import { expiredEmailLink, invalidEmailLink } from './identity.errors.js';
import { hashToken, newSecretToken } from './secrets.js';

export const EMAIL_TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  'fan-verify-email': 24 * 3600_000,
  'artist-verify-email': 24 * 3600_000,
  'fan-reset-password': 3600_000,
  'artist-reset-password': 3600_000,
  'artist-complete-registration': 7 * 24 * 3600_000,
};

/** Issues a token in the caller's unit of work and returns the secret for the e-mail link. */
export function issueEmailToken(em: EntityManager, purpose: EmailTokenPurpose, subjectId: string): string {
  const token = newSecretToken();
  em.persist(
    em.create(EmailToken, {
      tokenHash: hashToken(token),
      purpose,
      subjectId,
      expiresAt: new Date(Date.now() + EMAIL_TOKEN_LIFETIME_MS[purpose]),
      usedAt: null,
    }),
  );
  return token;
}

/**
 * Uses a token once: the row is locked, so two clicks at the same moment cannot both succeed.
 * A token of another purpose (say a fan link on the artist route) is simply not found.
 */
export async function consumeEmailToken(em: EntityManager, purpose: EmailTokenPurpose, token: string): Promise<EmailToken> {
  const row = await em.findOne(EmailToken, { tokenHash: hashToken(token), purpose }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!row || row.usedAt) throw invalidEmailLink();
  const now = new Date();
  if (row.isExpired(now)) throw expiredEmailLink();
  row.use(now);
  return row;
}

/** Every unused link of this purpose for the account stops working (a newer password or link wins). */
export async function voidEmailTokens(em: EntityManager, subjectId: string, purpose: EmailTokenPurpose): Promise<void> {
  await identityDb(em)
    .updateTable('identity.email_tokens')
    .set({ used_at: sql`now()` })
    .where('subject_id', '=', subjectId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/** Every link of the account, used or not, is gone (account deletion: they are personal data). */
export async function deleteEmailTokensOf(em: EntityManager, subjectId: string): Promise<void> {
  await identityDb(em).deleteFrom('identity.email_tokens').where('subject_id', '=', subjectId).execute();
}
