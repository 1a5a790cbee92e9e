import { Command } from '@nestjs/cqrs';

/** `DELETE offices/:officeId/members/:memberId/artists/:artistId`. */
export class UnassignArtist extends Command<{ artistIds: string[] }> {
  constructor(readonly userId: string, readonly officeId: string, readonly memberId: string, readonly artistId: string) {
    super();
  }
}
