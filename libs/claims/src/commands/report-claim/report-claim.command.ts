import { Command } from '@nestjs/cqrs';

/** `POST /api/claims/report/:claimedId` (fan): this claim looks wrong; the admins review reports. */
export class ReportClaim extends Command<{ reportId: string }> {
  constructor(readonly fanId: string, readonly claimId: string, readonly reason: string) {
    super();
  }
}
