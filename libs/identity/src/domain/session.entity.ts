import { defineEntity, p } from '@mikro-orm/core';

export const SESSION_KINDS = ['fan', 'artist', 'admin'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

/**
 * A server-side session: the cookie holds a random token, the table only its hash,
 * so a leaked database cannot be replayed and logout really ends the session.
 */
export const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  schema: 'identity',
  properties: {
    id: p.uuid().primary(),
    kind: p.string().$type<SessionKind>(),
    subjectId: p.uuid(),
    tokenHash: p.string().unique(),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    userAgent: p.string().nullable(),
  },
});

export class Session extends SessionSchema.class {
  isActive(now: Date): boolean {
    return !this.revokedAt && this.expiresAt.getTime() > now.getTime();
  }

  revoke(now: Date): void {
    this.revokedAt ??= now;
  }
}
SessionSchema.setClass(Session);
