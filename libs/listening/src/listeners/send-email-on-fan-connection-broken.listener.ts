import { Inject, Injectable } from '@nestjs/common';
import { FanContacts } from '#pie/identity';
import { SendEmail } from '#pie/notifications';
import { APP_CONFIG, Database, handleOnce, ListensTo, recordInOutbox, type AppConfig, type EventListener, type ListenerContext, type OutboxEnvelope } from '#pie/platform';
import { connectionBrokenMessage } from '../domain/connection-broken-email.js';
import { FanConnectionBroken, type FanConnectionBrokenPayload } from '../events/fan-connection-broken.event.js';

/** Tells the fan their listening stopped syncing and how to reconnect; once per breakage. */
@Injectable()
// Consumer key: the class name this listener shipped with, so its inbox rows keep counting.
@ListensTo(FanConnectionBroken, { consumer: 'SendEmailOnFanConnectionBrokenListener', queue: 'listening' })
export class SendEmailOnFanConnectionBrokenListener implements EventListener<FanConnectionBrokenPayload> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(FanContacts) private readonly contacts: FanContacts,
  ) {}

  async handle(event: OutboxEnvelope<FanConnectionBrokenPayload>, { consumer }: ListenerContext): Promise<void> {
    const { fanId, reason } = event.payload;
    await handleOnce(this.database.em(), consumer, event.id, async (em) => {
      const contact = await this.contacts.contactOf(fanId, em);
      if (!contact) return;
      const settingsLink = new URL('/settings', this.config.PUBLIC_URL).toString();
      recordInOutbox(em, SendEmail.create(connectionBrokenMessage({ to: contact.email, firstName: contact.firstName, reason, settingsLink })));
      await em.flush();
    });
  }
}
