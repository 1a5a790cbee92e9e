import { Inject, Injectable } from '@nestjs/common';
import { Database, handleOnce, ListensTo, type EventListener, type OutboxEnvelope } from '#pie/platform';
import { followSubscriptionStatus } from '../domain/pie-lifecycle.js';
import { SubscriptionStatusChanged, type SubscriptionStatusChangedPayload } from '#pie/billing/events';

/** The pie's status follows its subscription's (active, past due, canceled), never an older status over a newer one. */
@Injectable()
@ListensTo(SubscriptionStatusChanged, { consumer: 'pies.follow-subscription-status', queue: 'pies' })
export class FollowSubscriptionStatusListener implements EventListener<SubscriptionStatusChangedPayload> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async handle(event: OutboxEnvelope<SubscriptionStatusChangedPayload>): Promise<void> {
    await handleOnce(this.database.em(), 'pies.follow-subscription-status', event.id, (tx) =>
      followSubscriptionStatus(tx, event.payload.subscriptionId, event.payload.status, new Date(event.occurredAt)),
    );
  }
}
