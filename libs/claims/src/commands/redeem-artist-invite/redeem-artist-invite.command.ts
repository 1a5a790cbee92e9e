import { Command } from '@nestjs/cqrs';
import type { ClaimSummary } from '#pie/contracts';

/** `POST /api/artist-invite/:token/redeem`: the invited artist gets an office with the artist claimed and verified. */
export class RedeemArtistInvite extends Command<{ officeId: string; claim: ClaimSummary }> {
  constructor(readonly userId: string, readonly token: string) {
    super();
  }
}
