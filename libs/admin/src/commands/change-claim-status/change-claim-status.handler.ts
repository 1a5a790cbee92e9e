import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminChangeClaimStatus } from '#pie/claims';
import { Database } from '#pie/platform';
import { recordAuditAfter } from '../../domain/audit-log.js';
import { ChangeClaimStatus } from './change-claim-status.command.js';

@CommandHandler(ChangeClaimStatus)
export class ChangeClaimStatusHandler implements ICommandHandler<ChangeClaimStatus> {
  constructor(
    @Inject(Database) private readonly database: Database,
  ) {}

  async execute({ adminId, claimId, status, reason }: ChangeClaimStatus) {
    const { before, after } = await adminChangeClaimStatus(this.database, claimId, status, adminId, reason);
    await recordAuditAfter(this.database, { adminId, action: 'claim.status-changed', targetType: 'claim', targetId: claimId, before: { status: before.status }, after: { status: after.status, reason } });
    return after;
  }
}
