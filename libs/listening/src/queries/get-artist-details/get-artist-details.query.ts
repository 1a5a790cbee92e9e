import { Query } from '@nestjs/cqrs';
import type { ArtistDetails } from '#pie/contracts';

/** One artist of the catalogue (`GET /api/artists/details/:artistId`, public). */
export class GetArtistDetails extends Query<ArtistDetails> {
  constructor(readonly artistId: string) {
    super();
  }
}
