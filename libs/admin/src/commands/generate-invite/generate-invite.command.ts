import { Command } from '@nestjs/cqrs';

/** `POST artist-invites/generate`: claims makes the invite (its transaction); audited after. The token is shown this once. */
export class GenerateInvite extends Command<{ id: string; artistId: string; artistName: string; token: string; expiresAt: string }> {
  constructor(readonly adminId: string, readonly artistId: string) {
    super();
  }
}
