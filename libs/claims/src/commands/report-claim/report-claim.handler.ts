import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { alreadyReported, notReportable } from '../../domain/claims.errors.js';
import { ReportClaim } from './report-claim.command.js';

@CommandHandler(ReportClaim)
export class ReportClaimHandler implements ICommandHandler<ReportClaim> {
  constructor(@Inject(Database) private readonly database: Database) {}

  execute({ fanId, claimId, reason }: ReportClaim) {
    return this.database.transaction(async (em) => {
      // Fans see claimed artists only: a claim that is not (or no longer) successful is not reportable.
      const claim = await em.execute(`select 1 from claims.claims where id = ? and status = 'successful'`, [claimId]);
      if (claim.length === 0) throw notReportable();
      // One report per fan and claim: a second one is refused, so that reports stay a count of people.
      const [row] = await em.execute<{ id: string }[]>(
        `insert into claims.reports (claim_id, fan_id, reason) values (?, ?, ?) on conflict (claim_id, fan_id) do nothing returning id`,
        [claimId, fanId, reason],
      );
      if (!row) throw alreadyReported();
      return { reportId: row.id };
    });
  }
}
