import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Database, handleOnce, ListensTo, type AppConfig, type EventListener, type OutboxEnvelope } from '#pie/platform';
import { recordVerificationEmail } from '../domain/account-mail.js';
import { ArtistRegistered, type ArtistRegisteredPayload } from '../events/artist-registered.event.js';

@Injectable()
@ListensTo(ArtistRegistered)
export class SendVerificationEmailOnArtistRegisteredListener implements EventListener<ArtistRegisteredPayload> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(event: OutboxEnvelope<ArtistRegisteredPayload>): Promise<void> {
    const { artistUserId, email, firstName } = event.payload;
    await handleOnce(this.database.em(), SendVerificationEmailOnArtistRegisteredListener.name, event.id, async (em) => {
      recordVerificationEmail(em, this.config, 'artist', { id: artistUserId, email, firstName });
    });
  }
}
