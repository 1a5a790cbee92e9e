import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { APP_CONFIG, Database, RateLimiter, type AppConfig } from '#pie/platform';
import { officesDb } from '../../db/offices-db.js';
import { limitInvitationMail } from '../../domain/invitation-limits.js';
import { issueInvitation } from '../../domain/invitations.js';
import { requireAdmin } from '../../domain/office-access.js';
import { officeCard } from '../../domain/offices.js';
import { notInvited, officeNotFound } from '../../domain/offices.errors.js';
import { ResendInvitation } from './resend-invitation.command.js';

@CommandHandler(ResendInvitation)
export class ResendInvitationHandler implements ICommandHandler<ResendInvitation> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  execute({ userId, officeId, email }: ResendInvitation) {
    return this.database.transaction(async (em) => {
      await requireAdmin(em, officeId, userId);
      await limitInvitationMail(this.limiter, this.config, officeId, email);
      const office = await officeCard(em, officeId);
      if (!office) throw officeNotFound();
      const db = officesDb(em);
      const invited = await db
        .selectFrom('offices.members')
        .select('role')
        .where('office_id', '=', officeId)
        .where(sql`lower(email)`, '=', email)
        .where('status', '=', 'invited')
        .executeTakeFirst();
      if (!invited) throw notInvited();
      await issueInvitation(em, this.config, { officeId, officeName: office.name, email, role: invited.role });
      const { invitation_expires_at } = await db
        .selectFrom('offices.members')
        .select('invitation_expires_at')
        .where('office_id', '=', officeId)
        .where(sql`lower(email)`, '=', email)
        .executeTakeFirstOrThrow();
      return { email, expires_at: new Date(invitation_expires_at!).toISOString() };
    });
  }
}
