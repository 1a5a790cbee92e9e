import { Inject, Injectable, type Type } from '@nestjs/common';
import { APP_CONFIG, Database, handleOnce, ListensTo, type AppConfig, type EventListener, type ListenerContext, type MessageType, type OutboxEnvelope } from '#pie/platform';
import { recordVerificationEmail } from '../domain/account-mail.js';
import type { MailedAccountKind } from '../domain/accounts.js';
import { ArtistRegistered } from '../events/artist-registered.event.js';
import { FanRegistered } from '../events/fan-registered.event.js';

interface NewAccount {
  id: string;
  email: string;
  firstName: string;
  /** Social sign-ups arrive verified (or with no real address to write to): no mail then. */
  skip: boolean;
}

/**
 * Issues the verification token and queues the mail in one transaction with the inbox row:
 * a redelivered event issues no second token and sends no second mail.
 */
function verificationEmailListener<P>(name: string, kind: MailedAccountKind, event: MessageType<P>, accountOf: (payload: P) => NewAccount): Type<EventListener<P>> {
  @Injectable()
  // The consumer key is the class name these listeners shipped with: their inbox rows keep counting.
  @ListensTo(event, { consumer: name, queue: 'email' })
  class SendVerificationEmailListener implements EventListener<P> {
    constructor(
      @Inject(Database) private readonly database: Database,
      @Inject(APP_CONFIG) private readonly config: AppConfig,
    ) {}

    async handle(envelope: OutboxEnvelope<P>, { consumer }: ListenerContext): Promise<void> {
      const account = accountOf(envelope.payload);
      if (account.skip) return;
      await handleOnce(this.database.em(), consumer, envelope.id, async (em) => recordVerificationEmail(em, this.config, kind, account));
    }
  }
  Object.defineProperty(SendVerificationEmailListener, 'name', { value: name });
  return SendVerificationEmailListener;
}

export const SendVerificationEmailOnFanRegisteredListener = verificationEmailListener(
  'SendVerificationEmailOnFanRegisteredListener',
  'fan',
  FanRegistered,
  ({ fanId, email, firstName, emailVerified }) => ({ id: fanId, email, firstName, skip: Boolean(emailVerified) || email.endsWith('.invalid') }),
);

export const SendVerificationEmailOnArtistRegisteredListener = verificationEmailListener(
  'SendVerificationEmailOnArtistRegisteredListener',
  'artist',
  ArtistRegistered,
  ({ artistUserId, email, firstName }) => ({ id: artistUserId, email, firstName, skip: false }),
);
