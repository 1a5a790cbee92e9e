import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { OfficeRole } from '#pie/contracts';
import { APP_CONFIG, Database, RateLimiter, type AppConfig } from '#pie/platform';
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
      const rows = await em.execute<{ role: OfficeRole }[]>(`select role from offices.members where office_id = ? and lower(email) = ? and status = 'invited'`, [officeId, email]);
      if (!rows[0]) throw notInvited();
      await issueInvitation(em, this.config, { officeId, officeName: office.name, email, role: rows[0].role });
      const [{ invitation_expires_at }] = await em.execute<{ invitation_expires_at: Date }[]>(
        `select invitation_expires_at from offices.members where office_id = ? and lower(email) = ?`,
        [officeId, email],
      );
      return { email, expires_at: new Date(invitation_expires_at).toISOString() };
    });
  }
}
