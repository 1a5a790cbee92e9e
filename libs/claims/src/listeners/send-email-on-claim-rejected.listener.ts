import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Database, handleOnce, ListensTo, type AppConfig, type EventListener, type ListenerContext, type OutboxEnvelope } from '#pie/platform';
import { mailClaimResult } from '../domain/claim-result-mail.js';
import { ClaimRejected, type ClaimRejectedPayload } from '../events/claim-rejected.event.js';

/** The office's admins learn their claim was rejected, and why. */
@Injectable()
@ListensTo(ClaimRejected, { consumer: 'claims.send-claim-rejected-email', queue: 'email' })
export class SendEmailOnClaimRejectedListener implements EventListener<ClaimRejectedPayload> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(event: OutboxEnvelope<ClaimRejectedPayload>, { consumer }: ListenerContext): Promise<void> {
    await handleOnce(this.database.em(), consumer, event.id, (em) => mailClaimResult(em, this.config.PUBLIC_URL, event.payload, { verified: false, reason: event.payload.reason }));
  }
}
