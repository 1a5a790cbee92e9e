import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminVerifyClaim } from '#pie/claims';
import { Database } from '#pie/platform';
import { recordAuditAfter } from '../../domain/audit-log.js';
import { VerifyClaim } from './verify-claim.command.js';

@CommandHandler(VerifyClaim)
export class VerifyClaimHandler implements ICommandHandler<VerifyClaim> {
  constructor(
    @Inject(Database) private readonly database: Database,
  ) {}

  async execute({ adminId, claimId, note }: VerifyClaim) {
    const { before, after } = await adminVerifyClaim(this.database, claimId, adminId, note);
    await recordAuditAfter(this.database, { adminId, action: 'claim.verified-manually', targetType: 'claim', targetId: claimId, before: { status: before.status }, after: { status: after.status, note } });
    return after;
  }
}
