import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Database, handleOnce, ListensTo, type AppConfig, type EventListener, type OutboxEnvelope } from '#pie/platform';
import { recordVerificationEmail } from '../domain/account-mail.js';
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
    const { fanId, email, firstName, emailVerified } = event.payload;
    // Social sign-ups arrive verified, or with no real address to write to.
    if (emailVerified || email.endsWith('.invalid')) return;
    await handleOnce(this.database.em(), SendVerificationEmailOnFanRegisteredListener.name, event.id, async (em) => {
      recordVerificationEmail(em, this.config, 'fan', { id: fanId, email, firstName });
    });
  }
}
