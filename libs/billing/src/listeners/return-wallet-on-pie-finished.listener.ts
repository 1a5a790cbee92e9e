import { Inject, Injectable } from '@nestjs/common';
import { PieFinished, type PieFinishedPayload } from '#pie/pies/events';
import { ListensTo, type EventListener, type ListenerContext, type OutboxEnvelope } from '#pie/platform';
import { FinishedPieSettlement } from '../domain/finished-pie-settlement.js';

/**
 * A fan's pie is over: what the wallet still holds goes back to the fan — the promotion to the
 * pool, the rest to the card — unless a new pie started meanwhile (`FinishedPieSettlement`).
 * Pies decides when a pie is over; billing moves its own money.
 */
@Injectable()
@ListensTo(PieFinished, { consumer: 'billing.return-wallet-of-finished-pie', queue: 'payments' })
export class ReturnWalletOnPieFinishedListener implements EventListener<PieFinishedPayload> {
  constructor(@Inject(FinishedPieSettlement) private readonly settlement: FinishedPieSettlement) {}

  async handle(event: OutboxEnvelope<PieFinishedPayload>, { consumer }: ListenerContext): Promise<void> {
    await this.settlement.settle({ fanId: event.payload.fanId, pieId: event.payload.pieId, eventId: event.id, consumer });
  }
}
