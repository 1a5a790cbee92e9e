import { Inject, Injectable } from '@nestjs/common';
import { PieCreated, type PieCreatedPayload } from '#pie/pies/events';
import { Database, handleOnce, ListensTo, type EventListener, type ListenerContext, type OutboxEnvelope } from '#pie/platform';

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
        await em.execute(`update billing.subscriptions set pie_id = ?, updated_at = now() where id = ? and fan_id = ?`, [pieId, subscriptionId, fanId]);
      } else {
        await em.execute(`update billing.subscriptions set pie_id = ?, updated_at = now() where fan_id = ? and promo and pie_id is null`, [pieId, fanId]);
      }
    });
  }
}
