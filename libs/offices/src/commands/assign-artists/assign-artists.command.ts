import { Command } from '@nestjs/cqrs';

/** `POST offices/:officeId/members/:memberId/artists`: an admin gives a member artists to work on. */
export class AssignArtists extends Command<{ artistIds: string[] }> {
  constructor(readonly userId: string, readonly officeId: string, readonly memberId: string, readonly artistIds: string[]) {
    super();
  }
}
