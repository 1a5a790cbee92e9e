import { Command } from '@nestjs/cqrs';

/** `PATCH offices/:officeId/claimed-artists/:artistId` (status Deleted): the office gives the artist up. */
export class RemoveClaimedArtist extends Command<{ artistId: string; status: 'Deleted' }> {
  constructor(readonly userId: string, readonly officeId: string, readonly artistId: string) {
    super();
  }
}
