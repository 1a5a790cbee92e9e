import { Inject, Injectable } from '@nestjs/common';
import { FanContacts } from '#pie/identity';
import { SendEmail } from '#pie/notifications';
import { APP_CONFIG, Database, handleOnce, ListensTo, recordInOutbox, type AppConfig, type EventListener, type OutboxEnvelope } from '#pie/platform';
import { periodClosedMessage } from '../domain/period-closed-email.js';
import { PiePeriodClosed, type PiePeriodClosedPayload } from '../events/pie-period-closed.event.js';
import { sql } from 'kysely';
import { piesDb } from '../db/pies-db.js';

/** Tells the fan how much went to how many artists (or that the money rolled over), with the statement link. */
@Injectable()
@ListensTo(PiePeriodClosed, { consumer: 'pies.send-period-closed-email', queue: 'pies' })
export class SendEmailOnPiePeriodClosedListener implements EventListener<PiePeriodClosedPayload> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(FanContacts) private readonly contacts: FanContacts,
  ) {}

  async handle(event: OutboxEnvelope<PiePeriodClosedPayload>): Promise<void> {
    const { fanId, pieId, periodId, distributedCents, artistCount, rolledOver, rolledOverBecause, startsAt, endsAt } = event.payload;
    await handleOnce(this.database.em(), 'pies.send-period-closed-email', event.id, async (em) => {
      const contact = await this.contacts.contactOf(fanId, em);
      if (!contact) return;
      const top = await piesDb(em)
        .selectFrom('pies.period_artists')
        .select('artist_name')
        .where('period_id', '=', periodId)
        .where('share_cents', '>', '0')
        .orderBy('share_cents', 'desc')
        .orderBy('artist_id')
        .limit(3)
        .execute();
      const statementLink = new URL(`/my-pies/statements/${periodId}`, this.config.PUBLIC_URL).toString();
      // The close found the pie over (no later period): the money left is returned, not carried on.
      const pie = await piesDb(em).selectFrom('pies.pies').select(sql<boolean>`finished_at is not null`.as('over')).where('id', '=', pieId).executeTakeFirst();
      recordInOutbox(
        em,
        SendEmail.create(periodClosedMessage({ to: contact.email, firstName: contact.firstName, distributedCents, artistCount, rolledOver: rolledOver ? (rolledOverBecause ?? 'no_listening') : false, topArtists: top.map((row) => row.artist_name), statementLink, period: { startsAt, endsAt }, pieOver: pie?.over ?? false })),
      );
      await em.flush();
    });
  }
}
