import { Query } from '@nestjs/cqrs';
import type { ArtistTopTrack, ArtistTopTracksQuery } from '#pie/contracts';

/** An artist's tracks by plays on Pie (all time, or the last `days` days); public. */
export class GetArtistTopTracks extends Query<ArtistTopTrack[]> {
  constructor(
    readonly artistId: string,
    readonly query: ArtistTopTracksQuery,
  ) {
    super();
  }
}
