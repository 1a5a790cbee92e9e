import { Inject, Injectable } from '@nestjs/common';
import { HandlesJob, type JobHandler } from '#pie/platform';
import { TransferSender } from '../../domain/transfer-sender.js';
import { TransferOfficeEarnings, type TransferOfficeEarningsPayload } from './transfer-office-earnings.job.js';

/** Books and sends the office's due transfer; a failure (Stripe unreachable) is retried with the same key. */
@Injectable()
@HandlesJob(TransferOfficeEarnings)
export class TransferOfficeEarningsHandler implements JobHandler<TransferOfficeEarningsPayload> {
  constructor(@Inject(TransferSender) private readonly sender: TransferSender) {}

  async handle({ officeId, monthEnd }: TransferOfficeEarningsPayload): Promise<void> {
    await this.sender.transferDue(officeId, { monthEnd });
  }
}
