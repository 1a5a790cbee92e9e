import { officeInvitationMessage, SendEmail } from '#pie/notifications';
import { recordInOutbox, type AppConfig, type EntityManager } from '#pie/platform';
import type { OfficeRole } from '#pie/contracts';
import { INVITATION_LIFETIME_MS, newNonce, readInvitation, signInvitation } from './invitation-token.js';
import { invitationExpired, invitationInvalid, invitationUsed } from './offices.errors.js';

export interface InvitedRow {
  office_id: string;
  user_id: string;
  email: string;
  role: OfficeRole;
  status: 'invited' | 'active';
  invitation_nonce: string | null;
  invitation_expires_at: Date | null;
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
  await em.execute(
    `update offices.members set invitation_nonce = ?, invitation_expires_at = ?, invited_at = now() where office_id = ? and lower(email) = lower(?) and status = 'invited'`,
    [nonce, expiresAt, invitation.officeId, invitation.email],
  );
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
export async function invitationFor(em: EntityManager, config: AppConfig, officeId: string, token: string, options: { lock?: boolean } = {}): Promise<InvitedRow> {
  const claims = readInvitation(config.SESSION_SECRET, officeId, token);
  if (!claims) throw invitationInvalid();
  const rows = await em.execute<InvitedRow[]>(
    `select m.office_id, m.user_id, m.email, m.role, m.status, m.invitation_nonce, m.invitation_expires_at
       from offices.members m join offices.offices o on o.id = m.office_id
      where m.office_id = ? and m.invitation_nonce = ? and o.deleted_at is null ${options.lock ? 'for update of m' : ''}`,
    [officeId, claims.nonce],
  );
  const row = rows[0];
  // No row: resent (a new nonce), removed, or never issued.
  if (!row) throw invitationInvalid();
  // Accepting keeps the nonce: a genuine token for a membership that is already active was used.
  if (row.status === 'active') throw invitationUsed();
  const expiry = Math.min(claims.expiresAt.getTime(), row.invitation_expires_at ? new Date(row.invitation_expires_at).getTime() : 0);
  if (expiry <= Date.now()) throw invitationExpired();
  return row;
}
