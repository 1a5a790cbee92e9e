import { Inject, Injectable } from '@nestjs/common';
import { Database, HandlesJob, handleOnce, type JobContext, type JobHandler } from '#pie/platform';
import { Mailer } from '../mailer.js';
import { SendEmail, type SendEmailPayload } from './send-email.job.js';

/**
 * Sends inside the inbox transaction: if SMTP fails nothing is recorded and the job
 * retries; once recorded, a redelivered job sends nothing.
 */
@Injectable()
@HandlesJob(SendEmail)
export class SendEmailHandler implements JobHandler<SendEmailPayload> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(Mailer) private readonly mailer: Mailer,
  ) {}

  async handle(payload: SendEmailPayload, context: JobContext): Promise<void> {
    await handleOnce(this.database.em(), SendEmail.name, context.messageId, () => this.mailer.send(payload, context.messageId));
  }
}
