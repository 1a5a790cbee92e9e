import { Inject, Injectable } from '@nestjs/common';
import { ClaimVerified, type ClaimVerifiedPayload } from '#pie/claims';
import { Database, handleOnce, ListensTo, type EventListener, type ListenerContext, type OutboxEnvelope } from '#pie/platform';
import { releaseEscrow } from '../domain/escrow-release.js';

/**
 * A claim succeeded: the artist's escrow goes to the office, if its Stripe account can receive
 * transfers now (otherwise the account's becoming enabled releases it).
 */
@Injectable()
@ListensTo(ClaimVerified, { consumer: 'payouts.release-escrow-on-claim-verified', queue: 'escrow' })
export class ReleaseEscrowOnClaimVerifiedListener implements EventListener<ClaimVerifiedPayload> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async handle(event: OutboxEnvelope<ClaimVerifiedPayload>, { consumer }: ListenerContext): Promise<void> {
    await handleOnce(this.database.em(), consumer, event.id, async (tx) => {
      await releaseEscrow(tx, event.payload.artistId);
    });
  }
}
