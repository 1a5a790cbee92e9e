import { Query } from '@nestjs/cqrs';
import type { FanTrack, Pagination, PopularTracksQuery } from '#pie/contracts';

/** The signed-in fan's most played tracks (`GET /api/tracks/user/popular`). */
export class ListPopularTracks extends Query<{ items: FanTrack[]; pagination: Pagination }> {
  constructor(
    readonly fanId: string,
    readonly query: PopularTracksQuery,
  ) {
    super();
  }
}
