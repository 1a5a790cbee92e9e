import { Inject, Injectable } from '@nestjs/common';
import { Database, HandlesJob, type JobHandler } from '#pie/platform';
import { connectedOfficeIds } from '../../domain/connected-accounts.js';
import { TransferSender } from '../../domain/transfer-sender.js';
import { isLastDayOfMonth } from '../../domain/transfer-rules.js';
import { SweepTransfers } from './sweep-transfers.job.js';

/**
 * Every enabled office gets a transfer check: catches earnings that reached the threshold without a
 * trigger, resumes transfers a crash left pending and, on the month's last day, sends the month-end
 * transfer whatever the threshold. One office's failure does not stop the others.
 */
@Injectable()
@HandlesJob(SweepTransfers)
export class SweepTransfersHandler implements JobHandler<Record<string, never>> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(TransferSender) private readonly sender: TransferSender,
  ) {}

  async handle(): Promise<void> {
    const now = new Date();
    const failures: string[] = [];
    for (const officeId of await connectedOfficeIds(this.database.em())) {
      try {
        await this.sender.transferDue(officeId, { monthEnd: isLastDayOfMonth(now), now });
      } catch (error) {
        failures.push(`${officeId}: ${(error as Error).message}`);
      }
    }
    // Failing the job makes the queue retry it (the offices already done find nothing due).
    if (failures.length > 0) throw new Error(`transfers failed for ${failures.length} office(s): ${failures.join('; ')}`);
  }
}
