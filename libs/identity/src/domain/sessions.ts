import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { preparedQuery, type EntityManager } from '#pie/platform';
import { identityDb } from '../db/identity-db.js';
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

/**
 * The live session of this kind behind a token hash, as one query: an ended or expired session, or
 * one whose account was deleted since (fans and artists are marked deleted; admins are removed), is
 * no session at all.
 */
function activeSessionQuery(em: EntityManager, kind: SessionKind, tokenHash: string) {
  const live = identityDb(em)
    .selectFrom('identity.sessions as s')
    .select(['s.id', 's.subject_id'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.kind', '=', kind)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<string>`now()`);
  if (kind === 'fan') {
    return live.where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('identity.fans as a').select(sql<number>`1`.as('one')).whereRef('a.id', '=', 's.subject_id').where('a.deleted_at', 'is not', null))),
    );
  }
  if (kind === 'artist') {
    return live.where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('identity.artist_users as a').select(sql<number>`1`.as('one')).whereRef('a.id', '=', 's.subject_id').where('a.deleted_at', 'is not', null))),
    );
  }
  return live;
}

/** Every signed-in request asks this: one prepared statement per kind, compiled once. */
const ACTIVE_SESSION = Object.fromEntries(
  SESSION_KINDS.map((kind) => [kind, preparedQuery((em, values: { tokenHash: string }) => activeSessionQuery(em, kind, values.tokenHash))]),
) as Record<SessionKind, (em: EntityManager, values: { tokenHash: string }) => Promise<{ id: string; subject_id: string }[]>>;

/**
 * The live session of this kind behind a cookie token, or null. One query: an ended or expired
 * session, or one whose account was deleted since, is no session at all.
 */
export async function findActiveSession(em: EntityManager, kind: SessionKind, token: string): Promise<{ id: string; subjectId: string } | null> {
  const [row] = await ACTIVE_SESSION[kind](em, { tokenHash: hashToken(token) });
  return row ? { id: row.id, subjectId: row.subject_id } : null;
}

/** Ends the session behind a cookie token, if it is live (logout; signing in as someone else in the same browser). */
export async function revokeSessionByToken(em: EntityManager, kind: SessionKind, token: string | undefined): Promise<void> {
  if (!token) return;
  await identityDb(em)
    .updateTable('identity.sessions')
    .set({ revoked_at: sql`now()` })
    .where('token_hash', '=', hashToken(token))
    .where('kind', '=', kind)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every live session of one account: password reset, account deletion. */
export async function revokeAllSessions(em: EntityManager, kind: SessionKind, subjectId: string, except?: string): Promise<void> {
  await identityDb(em)
    .updateTable('identity.sessions')
    .set({ revoked_at: sql`now()` })
    .where('kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .where('revoked_at', 'is', null)
    .$if(Boolean(except), (query) => query.where('id', '<>', except!))
    .execute();
}
