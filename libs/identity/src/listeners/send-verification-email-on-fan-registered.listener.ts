import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Database, handleOnce, ListensTo, recordInOutbox, type AppConfig, type EventListener, type OutboxEnvelope } from '#pie/platform';
import { SendEmail, verifyEmailMessage } from '#pie/notifications';
import { issueEmailToken } from '../domain/email-tokens.js';
import { FanRegistered, type FanRegisteredPayload } from '../events/fan-registered.event.js';

/**
 * Issues the verification token and queues the mail in one transaction with the inbox
 * row: a redelivered event issues no second token and sends no second mail.
 */
@Injectable()
@ListensTo(FanRegistered)
export class SendVerificationEmailOnFanRegisteredListener implements EventListener<FanRegisteredPayload> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(event: OutboxEnvelope<FanRegisteredPayload>): Promise<void> {
    const { fanId, email, firstName } = event.payload;
    await handleOnce(this.database.em(), SendVerificationEmailOnFanRegisteredListener.name, event.id, async (em) => {
      const token = issueEmailToken(em, 'fan-verify-email', fanId);
      const link = new URL(`/auth/fans/verify-email/${token}`, this.config.PUBLIC_URL).toString();
      recordInOutbox(em, SendEmail.create(verifyEmailMessage({ to: email, firstName, link })));
    });
  }
}
