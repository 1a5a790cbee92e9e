import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { claimsDb } from '../../db/claims-db.js';
import { alreadyReported, notReportable } from '../../domain/claims.errors.js';
import { ReportClaim } from './report-claim.command.js';

@CommandHandler(ReportClaim)
export class ReportClaimHandler implements ICommandHandler<ReportClaim> {
  constructor(@Inject(Database) private readonly database: Database) {}

  execute({ fanId, claimId, reason }: ReportClaim) {
    return this.database.transaction(async (em) => {
      // Fans see claimed artists only: a claim that is not (or no longer) successful is not reportable.
      const claim = await claimsDb(em).selectFrom('claims.claims').select('id').where('id', '=', claimId).where('status', '=', 'successful').executeTakeFirst();
      if (!claim) throw notReportable();
      // One report per fan and claim: a second one is refused, so that reports stay a count of people.
      const row = await claimsDb(em)
        .insertInto('claims.reports')
        .values({ claim_id: claimId, fan_id: fanId, reason })
        .onConflict((conflict) => conflict.columns(['claim_id', 'fan_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) throw alreadyReported();
      return { reportId: row.id };
    });
  }
}
