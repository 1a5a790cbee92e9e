import { sql } from 'kysely';
import { officeInvitationMessage, SendEmail } from '#pie/notifications';
import { recordInOutbox, type AppConfig, type EntityManager } from '#pie/platform';
import type { OfficeRole } from '#pie/contracts';
import { officesDb } from '../db/offices-db.js';
import { INVITATION_LIFETIME_MS, newNonce, readInvitation, signInvitation } from './invitation-token.js';
import { invitationExpired, invitationInvalid, invitationUsed } from './offices.errors.js';

/** An invited member row, as a token names it. */
export interface Invitation {
  officeId: string;
  /** The invited row's own id (no account's until accepted). */
  userId: string;
  email: string;
  role: OfficeRole;
  status: 'invited' | 'active';
  expiresAt: Date | null;
}

export function invitationLink(config: AppConfig, officeId: string, token: string): string {
  const url = new URL(`/for-artists/office-invitation/${officeId}`, config.PUBLIC_URL);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Gives the invited row a fresh nonce and expiry and queues the mail, in the caller's transaction:
 * older links of this invitation stop working. Nobody's account is looked up or made: the invited
 * person signs in, or registers, when they open the link.
 */
export async function issueInvitation(em: EntityManager, config: AppConfig, invitation: { officeId: string; officeName: string; email: string; role: OfficeRole }): Promise<{ token: string }> {
  const nonce = newNonce();
  const expiresAt = new Date(Date.now() + INVITATION_LIFETIME_MS);
  await officesDb(em)
    .updateTable('offices.members')
    .set({ invitation_nonce: nonce, invitation_expires_at: expiresAt, invited_at: sql`now()` })
    .where('office_id', '=', invitation.officeId)
    .where(sql`lower(email)`, '=', sql`lower(${invitation.email})`)
    .where('status', '=', 'invited')
    .execute();
  const token = signInvitation(config.SESSION_SECRET, invitation.officeId, { nonce, expiresAt });
  recordInOutbox(
    em,
    SendEmail.create(
      officeInvitationMessage({
        to: invitation.email,
        officeName: invitation.officeName,
        role: invitation.role,
        link: invitationLink(config, invitation.officeId, token),
      }),
    ),
  );
  return { token };
}

/**
 * The invitation row a token names for this office, checked: signature (another office's token
 * fails here), the current nonce (resent or accepted links fail), expiry.
 */
export async function invitationFor(em: EntityManager, config: AppConfig, officeId: string, token: string, options: { lock?: boolean } = {}): Promise<Invitation> {
  const claims = readInvitation(config.SESSION_SECRET, officeId, token);
  if (!claims) throw invitationInvalid();
  const row = await officesDb(em)
    .selectFrom('offices.members as m')
    .innerJoin('offices.offices as o', 'o.id', 'm.office_id')
    .select(['m.office_id', 'm.user_id', 'm.email', 'm.role', 'm.status', 'm.invitation_expires_at'])
    .where('m.office_id', '=', officeId)
    .where('m.invitation_nonce', '=', claims.nonce)
    .where('o.deleted_at', 'is', null)
    .$if(options.lock === true, (query) => query.forUpdate(['m']))
    .executeTakeFirst();
  // No row: resent (a new nonce), removed, or never issued.
  if (!row) throw invitationInvalid();
  // Accepting keeps the nonce: a genuine token for a membership that is already active was used.
  if (row.status === 'active') throw invitationUsed();
  const storedExpiry = row.invitation_expires_at ? new Date(row.invitation_expires_at) : null;
  const expiry = Math.min(claims.expiresAt.getTime(), storedExpiry ? storedExpiry.getTime() : 0);
  if (expiry <= Date.now()) throw invitationExpired();
  return { officeId: row.office_id, userId: row.user_id, email: row.email, role: row.role, status: row.status, expiresAt: storedExpiry };
}
