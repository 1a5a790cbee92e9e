import { randomUUID } from 'node:crypto';
import { executePrepared, type EntityManager } from '#pie/platform';
import { Session, SESSION_KINDS, type SessionKind } from './session.entity.js';
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

/** Which table holds each kind's accounts and whether it can be deleted (admins are removed, not marked). */
const DELETABLE_ACCOUNTS: Partial<Record<SessionKind, string>> = { fan: 'identity.fans', artist: 'identity.artist_users' };

const ACTIVE_SESSION_SQL = Object.fromEntries(
  SESSION_KINDS.map((kind) => {
    const accounts = DELETABLE_ACCOUNTS[kind];
    return [
      kind,
      `select s.id, s.subject_id from identity.sessions s
        where s.token_hash = $1 and s.kind = $2 and s.revoked_at is null and s.expires_at > now()
          ${accounts ? `and not exists (select 1 from ${accounts} a where a.id = s.subject_id and a.deleted_at is not null)` : ''}`,
    ];
  }),
) as Record<SessionKind, string>;

/**
 * The live session of this kind behind a cookie token, or null. One query: an ended or expired
 * session, or one whose account was deleted since, is no session at all.
 */
export async function findActiveSession(em: EntityManager, kind: SessionKind, token: string): Promise<{ id: string; subjectId: string } | null> {
  // Every signed-in request asks this: a prepared statement (one text per kind).
  const [row] = await executePrepared<{ id: string; subject_id: string }>(em, ACTIVE_SESSION_SQL[kind], [hashToken(token), kind]);
  return row ? { id: row.id, subjectId: row.subject_id } : null;
}

/** Ends the session behind a cookie token, if it is live (logout; signing in as someone else in the same browser). */
export async function revokeSessionByToken(em: EntityManager, kind: SessionKind, token: string | undefined): Promise<void> {
  if (!token) return;
  await em.execute(`update identity.sessions set revoked_at = now() where token_hash = ? and kind = ? and revoked_at is null`, [hashToken(token), kind]);
}

/** Ends every live session of one account: password reset, account deletion. */
export async function revokeAllSessions(em: EntityManager, kind: SessionKind, subjectId: string, except?: string): Promise<void> {
  await em.execute(
    `update identity.sessions set revoked_at = now()
      where kind = ? and subject_id = ? and revoked_at is null ${except ? 'and id <> ?' : ''}`,
    except ? [kind, subjectId, except] : [kind, subjectId],
  );
}
