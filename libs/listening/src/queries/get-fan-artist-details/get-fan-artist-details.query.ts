import { Query } from '@nestjs/cqrs';
import type { FanArtistDetails } from '#pie/contracts';

/** An artist as the signed-in fan listens to them (`GET /api/artists/details/user/:artistId`). */
export class GetFanArtistDetails extends Query<FanArtistDetails> {
  constructor(
    readonly fanId: string,
    readonly artistId: string,
  ) {
    super();
  }
}
