import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Database, handleOnce, ListensTo, type AppConfig, type EventListener, type ListenerContext, type OutboxEnvelope } from '#pie/platform';
import { mailClaimResult } from '../domain/claim-result-mail.js';
import { ClaimVerified, type ClaimVerifiedPayload } from '../events/claim-verified.event.js';

/** The office's admins learn their claim is verified (and that the artist's money now comes to them). */
@Injectable()
@ListensTo(ClaimVerified, { consumer: 'claims.send-claim-verified-email', queue: 'email' })
export class SendEmailOnClaimVerifiedListener implements EventListener<ClaimVerifiedPayload> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(event: OutboxEnvelope<ClaimVerifiedPayload>, { consumer }: ListenerContext): Promise<void> {
    await handleOnce(this.database.em(), consumer, event.id, (em) => mailClaimResult(em, this.config.PUBLIC_URL, event.payload, { verified: true }));
  }
}
