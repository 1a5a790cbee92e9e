import { randomUUID } from 'node:crypto';
import type { EntityManager } from '#pie/platform';
import { Session, type SessionKind } from './session.entity.js';
import { hashToken, newSecretToken } from './secrets.js';

/** How long each kind of session lives (admin: 7 days, spec §6). */
export const SESSION_LIFETIME_MS: Record<SessionKind, number> = {
  fan: 30 * 24 * 3600_000,
  artist: 30 * 24 * 3600_000,
  admin: 7 * 24 * 3600_000,
};

export interface OpenedSession {
  token: string;
  expiresAt: Date;
}

export function openSession(em: EntityManager, kind: SessionKind, subjectId: string, userAgent: string | null): OpenedSession {
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS[kind]);
  em.persist(em.create(Session, { id: randomUUID(), kind, subjectId, tokenHash: hashToken(token), expiresAt, revokedAt: null, userAgent }));
  return { token, expiresAt };
}

/** The live session of this kind behind a cookie token, or null. */
export async function findActiveSession(em: EntityManager, kind: SessionKind, token: string): Promise<Session | null> {
  const session = await em.findOne(Session, { tokenHash: hashToken(token), kind });
  return session && session.isActive(new Date()) ? session : null;
}

/** Ends every live session of one account: password reset, account deletion. */
export async function revokeAllSessions(em: EntityManager, kind: SessionKind, subjectId: string, except?: string): Promise<void> {
  await em.execute(
    `update identity.sessions set revoked_at = now()
      where kind = ? and subject_id = ? and revoked_at is null ${except ? 'and id <> ?' : ''}`,
    except ? [kind, subjectId, except] : [kind, subjectId],
  );
}
