import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminDeleteInvite } from '#pie/claims';
import { Database } from '#pie/platform';
import { recordAuditAfter } from '../../domain/audit-log.js';
import { DeleteInvite } from './delete-invite.command.js';

@CommandHandler(DeleteInvite)
export class DeleteInviteHandler implements ICommandHandler<DeleteInvite> {
  constructor(
    @Inject(Database) private readonly database: Database,
  ) {}

  async execute({ adminId, inviteId }: DeleteInvite) {
    const deleted = await adminDeleteInvite(this.database, inviteId);
    await recordAuditAfter(this.database, { adminId, action: 'artist-invite.deleted', targetType: 'artist-invite', targetId: inviteId, before: deleted, after: null });
    return { id: inviteId, deleted: true as const };
  }
}
