import { Query } from '@nestjs/cqrs';
import type { FanArtist, TopItemsQuery } from '#pie/contracts';

/** A fan's most listened artists in the last `days` days (`GET /api/artists/user/:userId/top`). */
export class ListTopArtists extends Query<FanArtist[]> {
  constructor(
    readonly fanId: string,
    readonly viewerId: string,
    readonly query: TopItemsQuery,
  ) {
    super();
  }
}
