import { Query } from '@nestjs/cqrs';
import type { ArtistInviteCheck } from '#pie/contracts';

/** `GET /api/artist-invite/:token/verify`: which artist the invite is for, before signing in. */
export class VerifyArtistInvite extends Query<ArtistInviteCheck> {
  constructor(readonly token: string) {
    super();
  }
}
