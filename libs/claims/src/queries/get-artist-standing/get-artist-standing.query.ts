import { Query } from '@nestjs/cqrs';
import type { ArtistStandingView } from '#pie/contracts';

/** `GET /api/claims/artist/:artistId` (public): whether the artist is on Pie and what waits for them in escrow. */
export class GetArtistStanding extends Query<ArtistStandingView> {
  constructor(readonly artistId: string) {
    super();
  }
}
