import { Inject, Injectable } from '@nestjs/common';
import { PieCreated, type PieCreatedPayload } from '#pie/pies/events';
import { Database, handleOnce, ListensTo, type EventListener, type ListenerContext, type OutboxEnvelope } from '#pie/platform';
import { sql } from 'kysely';
import { billingDb } from '../db/billing-db.js';

/**
 * The pies module made the pie a subscription pays for: stamp its id on billing's subscription, so
 * `activeSubscription` (spec §4: active or trialing and carrying a pie id) reports the active pie.
 * A promotion pie has no Stripe subscription id: it belongs to the fan's one promo row.
 */
@Injectable()
@ListensTo(PieCreated, { consumer: 'billing.record-pie-on-subscription', queue: 'payments' })
export class RecordPieOnPieCreatedListener implements EventListener<PieCreatedPayload> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async handle(event: OutboxEnvelope<PieCreatedPayload>, { consumer }: ListenerContext): Promise<void> {
    const { pieId, fanId, subscriptionId } = event.payload;
    await handleOnce(this.database.em(), consumer, event.id, async (em) => {
      if (subscriptionId) {
        await billingDb(em).updateTable('billing.subscriptions').set({ pie_id: pieId, updated_at: sql<string>`now()` }).where('id', '=', subscriptionId).where('fan_id', '=', fanId).execute();
      } else {
        await billingDb(em)
          .updateTable('billing.subscriptions')
          .set({ pie_id: pieId, updated_at: sql<string>`now()` })
          .where('fan_id', '=', fanId)
          .where('promo', '=', true)
          .where('pie_id', 'is', null)
          .execute();
      }
    });
  }
}
