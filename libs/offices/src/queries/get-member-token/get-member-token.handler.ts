import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { APP_CONFIG, Database, type AppConfig } from '#pie/platform';
import { officesDb } from '../../db/offices-db.js';
import { invitationLink } from '../../domain/invitations.js';
import { signInvitation } from '../../domain/invitation-token.js';
import { requireAdmin } from '../../domain/office-access.js';
import { notInvited } from '../../domain/offices.errors.js';
import { GetMemberToken } from './get-member-token.query.js';

@QueryHandler(GetMemberToken)
export class GetMemberTokenHandler implements IQueryHandler<GetMemberToken> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ userId, officeId, email }: GetMemberToken) {
    const em = this.database.em();
    await requireAdmin(em, officeId, userId);
    const row = await officesDb(em)
      .selectFrom('offices.members')
      .select(['invitation_nonce', 'invitation_expires_at'])
      .where('office_id', '=', officeId)
      .where(sql`lower(email)`, '=', email)
      .where('status', '=', 'invited')
      .executeTakeFirst();
    if (!row?.invitation_nonce || !row.invitation_expires_at) throw notInvited();
    const expiresAt = new Date(row.invitation_expires_at);
    // The current link (same nonce): handing it out again does not void what was mailed.
    const token = signInvitation(this.config.SESSION_SECRET, officeId, { nonce: row.invitation_nonce, expiresAt });
    return { email, token, link: invitationLink(this.config, officeId, token), expires_at: expiresAt.toISOString() };
  }
}
