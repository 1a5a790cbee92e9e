import { Inject, Injectable } from '@nestjs/common';
import type { ReconciliationResult, ReconciliationType } from '#pie/contracts';
import { Database, recordInOutbox } from '#pie/platform';
import { RunProviderCheck } from '../jobs/run-provider-check/run-provider-check.job.js';
import { recordAudit } from './audit-log.js';
import { StripeRecords } from './provider-records.js';
import { finishRun, recordRun, reportProgress, runCheck, runOf, startRun } from './reconciliation.js';

/**
 * The reconciliation checks' runs, shared by the admin's route (`financial-reconciliation/*`) and the
 * worker's jobs (the nightly run, an admin's provider check): each run recorded, an admin's with its
 * audit row in the same transaction. The admin's other actions are commands (`commands/`).
 */
@Injectable()
export class Reconciliations {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(StripeRecords) private readonly stripeRecords: StripeRecords,
  ) {}

  async runReconciliation(runBy: { adminId: string } | 'nightly', type: ReconciliationType, minimal: boolean): Promise<ReconciliationResult> {
    // An admin's provider check reads all of Stripe: it runs as a job, the answer names the run.
    if (type === 'provider' && runBy !== 'nightly') return this.startProviderCheck(runBy.adminId);
    const result = await runCheck(this.database.em(), type, this.stripeRecords);
    await this.database.transaction(async (tx) => {
      await recordRun(tx, result, runBy === 'nightly' ? 'nightly' : runBy.adminId);
      if (runBy !== 'nightly') {
        await recordAudit(tx, { adminId: runBy.adminId, action: 'reconciliation.run', targetType: 'reconciliation', targetId: type, before: null, after: { ok: result.ok, violations: result.violations } });
      }
    });
    return minimal ? { type: result.type, ok: result.ok, checkedAt: result.checkedAt, violations: result.violations } : result;
  }

  /** Records a `running` provider run and its job in one transaction (with the audit row); answers the run. */
  private async startProviderCheck(adminId: string): Promise<ReconciliationResult> {
    const runId = await this.database.transaction(async (tx) => {
      const id = await startRun(tx, 'provider', adminId);
      recordInOutbox(tx, RunProviderCheck.create({ runId: id }));
      await recordAudit(tx, { adminId, action: 'reconciliation.run', targetType: 'reconciliation', targetId: 'provider', before: null, after: { runId: id, status: 'running' } });
      await tx.flush();
      return id;
    });
    return (await runOf(this.database.em(), runId))!;
  }

  /** The job's work: the provider check with its progress on the run row, then its result there. */
  async completeProviderCheck(runId: string): Promise<void> {
    const em = this.database.em();
    const result = await runCheck(em, 'provider', this.stripeRecords, (message) => reportProgress(em, runId, message));
    await finishRun(em, runId, result);
  }

  run(runId: string): Promise<ReconciliationResult | null> {
    return runOf(this.database.em(), runId);
  }
}

