import { Inject, Injectable, Logger } from '@nestjs/common';
import { Database, HandlesJob, type JobHandler } from '#pie/platform';
import { closePiePeriod } from '../../domain/period-close.js';
import { ClosePiePeriod, type ClosePiePeriodPayload } from './close-pie-period.job.js';

/** Runs the close of one period in one transaction (see closePiePeriod); a failure retries the whole of it. */
@Injectable()
@HandlesJob(ClosePiePeriod)
export class ClosePiePeriodHandler implements JobHandler<ClosePiePeriodPayload> {
  private readonly logger = new Logger(ClosePiePeriodHandler.name);

  constructor(@Inject(Database) private readonly database: Database) {}

  async handle(payload: ClosePiePeriodPayload): Promise<void> {
    const outcome = await this.database.transaction((tx) => closePiePeriod(tx, payload.periodId));
    if (outcome.status === 'closed') {
      this.logger.log(`period ${outcome.periodId}: ${outcome.distributedCents} cents to ${outcome.artistCount} artist(s)${outcome.rolledOver ? ', rolled over' : ''}`);
    }
  }
}
