import { Inject, Injectable } from '@nestjs/common';
import { accountTotalsByReference } from '#pie/ledger';
import { PiePeriodClosed, type PiePeriodClosedPayload } from '#pie/pies/events';
import { Database, handleOnce, ListensTo, type EventListener, type ListenerContext, type OutboxEnvelope } from '#pie/platform';
import { releaseEscrow } from '../domain/escrow-release.js';

/**
 * A period closed into the artists' escrow: the shares of artists whose office can receive
 * transfers move on to that office at once. The close itself stays one journal into escrow per
 * period (each artist's share stays visible in the ledger, which the statement reads).
 */
@Injectable()
@ListensTo(PiePeriodClosed, { consumer: 'payouts.release-escrow-on-period-closed', queue: 'escrow' })
export class ReleaseEscrowOnPeriodClosedListener implements EventListener<PiePeriodClosedPayload> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async handle(event: OutboxEnvelope<PiePeriodClosedPayload>, { consumer }: ListenerContext): Promise<void> {
    if (!event.payload.journalId) return;
    await handleOnce(this.database.em(), consumer, event.id, async (tx) => {
      const shares = await accountTotalsByReference(tx, { piePeriodId: event.payload.periodId }, 'artist_escrow');
      for (const account of shares.keys()) await releaseEscrow(tx, account.slice('artist_escrow:'.length));
    });
  }
}
