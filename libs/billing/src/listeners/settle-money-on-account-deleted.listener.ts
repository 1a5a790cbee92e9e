import { Inject, Injectable } from '@nestjs/common';
import { AccountDeleted, type AccountDeletedPayload } from '#pie/identity';
import { ListensTo, type EventListener, type ListenerContext, type OutboxEnvelope } from '#pie/platform';
import { DeletedFanSettlement } from '../domain/deleted-fan-settlement.js';

/**
 * A fan deleted their account: the subscription ends now (never another charge), the money no
 * artist has been allocated goes back to their card, and they are told (`DeletedFanSettlement`).
 * Identity only announces the deletion; billing moves its own money.
 */
@Injectable()
@ListensTo(AccountDeleted, { consumer: 'billing.settle-deleted-fan', queue: 'payments' })
export class SettleMoneyOnAccountDeletedListener implements EventListener<AccountDeletedPayload> {
  constructor(@Inject(DeletedFanSettlement) private readonly settlement: DeletedFanSettlement) {}

  async handle(event: OutboxEnvelope<AccountDeletedPayload>, { consumer }: ListenerContext): Promise<void> {
    if (event.payload.kind !== 'fan') return;
    await this.settlement.settle({ fanId: event.payload.subjectId, eventId: event.id, consumer, contact: event.payload.farewellContact ?? null });
  }
}
