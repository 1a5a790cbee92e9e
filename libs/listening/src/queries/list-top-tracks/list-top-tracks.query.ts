import { Query } from '@nestjs/cqrs';
import type { FanTrack, TopItemsQuery } from '#pie/contracts';

/** A fan's most played tracks in the last `days` days (`GET /api/tracks/user/:userId/top`). */
export class ListTopTracks extends Query<FanTrack[]> {
  constructor(
    readonly fanId: string,
    readonly viewerId: string,
    readonly query: TopItemsQuery,
  ) {
    super();
  }
}
