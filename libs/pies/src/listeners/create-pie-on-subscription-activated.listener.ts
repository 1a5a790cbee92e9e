import { Inject, Injectable } from '@nestjs/common';
import { Database, handleOnce, ListensTo, type EventListener, type OutboxEnvelope } from '#pie/platform';
import { createPie } from '../domain/pie-lifecycle.js';
import { SubscriptionActivated, type SubscriptionActivatedPayload } from '#pie/billing/events';

/** A paid (or promotional) subscription starts → the fan's pie and its first period. */
@Injectable()
@ListensTo(SubscriptionActivated, { consumer: 'pies.create-pie', queue: 'pies' })
export class CreatePieOnSubscriptionActivatedListener implements EventListener<SubscriptionActivatedPayload> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async handle(event: OutboxEnvelope<SubscriptionActivatedPayload>): Promise<void> {
    const { fanId, subscriptionId, pieSettings, currentPeriodStart, currentPeriodEnd, promo } = event.payload;
    await handleOnce(this.database.em(), 'pies.create-pie', event.id, async (tx) => {
      await createPie(tx, {
        fanId,
        subscriptionId,
        promo,
        settings: pieSettings,
        firstPeriod: { startsAt: new Date(currentPeriodStart), endsAt: new Date(currentPeriodEnd) },
      });
    });
  }
}
