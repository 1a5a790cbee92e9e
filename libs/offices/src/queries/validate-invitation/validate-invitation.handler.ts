import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, Database, type AppConfig } from '#pie/platform';
import { invitationFor } from '../../domain/invitations.js';
import { officeCard } from '../../domain/offices.js';
import { invitationInvalid, invitationUsed } from '../../domain/offices.errors.js';
import { ValidateInvitation } from './validate-invitation.query.js';

@QueryHandler(ValidateInvitation)
export class ValidateInvitationHandler implements IQueryHandler<ValidateInvitation> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ officeId, token }: ValidateInvitation) {
    const em = this.database.em();
    const invitation = await invitationFor(em, this.config, officeId, token);
    if (invitation.status === 'active') throw invitationUsed();
    const office = await officeCard(em, officeId);
    if (!office) throw invitationInvalid();
    return {
      office: { _id: office.id, name: office.name },
      email: invitation.email,
      role: invitation.role,
      expires_at: invitation.expiresAt!.toISOString(),
    };
  }
}
