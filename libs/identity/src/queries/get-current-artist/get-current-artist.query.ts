import { Query } from '@nestjs/cqrs';
import type { ArtistUser } from '#pie/contracts';

export class GetCurrentArtist extends Query<ArtistUser> {
  constructor(readonly artistUserId: string) {
    super();
  }
}
