import { Inject, Injectable } from '@nestjs/common';
import { FanWalletCredited, type FanWalletCreditedPayload } from '#pie/ledger/events';
import { ListensTo, type EventListener, type ListenerContext, type OutboxEnvelope } from '#pie/platform';
import { CreditedWalletSettlement } from '../domain/credited-wallet-settlement.js';

/**
 * Money landed in a fan's wallet (escrow expired back, a failed refund, a won dispute…): it goes
 * back to the fan when the fan is deleted or their pie is over, else it waits for the next close
 * (`CreditedWalletSettlement`). The ledger announces every credit; billing moves the fan's money.
 */
@Injectable()
@ListensTo(FanWalletCredited, { consumer: 'billing.settle-credited-wallet', queue: 'payments' })
export class ReturnWalletOnFanWalletCreditedListener implements EventListener<FanWalletCreditedPayload> {
  constructor(@Inject(CreditedWalletSettlement) private readonly settlement: CreditedWalletSettlement) {}

  async handle(event: OutboxEnvelope<FanWalletCreditedPayload>, { consumer }: ListenerContext): Promise<void> {
    await this.settlement.settle({ credit: event.payload, eventId: event.id, consumer });
  }
}
