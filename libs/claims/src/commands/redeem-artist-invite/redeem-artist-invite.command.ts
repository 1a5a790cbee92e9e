import { Command } from '@nestjs/cqrs';
import type { ClaimSummary, RedeemArtistInviteRequest } from '#pie/contracts';

/**
 * `POST /api/artist-invite/:token/redeem`: the invited artist is claimed and verified, in an office
 * the caller administers or in a new one named after the artist, as the caller says.
 */
export class RedeemArtistInvite extends Command<{ officeId: string; claim: ClaimSummary }> {
  constructor(readonly userId: string, readonly token: string, readonly into: RedeemArtistInviteRequest) {
    super();
  }
}
