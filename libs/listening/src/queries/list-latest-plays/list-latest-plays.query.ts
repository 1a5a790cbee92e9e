import { Query } from '@nestjs/cqrs';
import type { LatestPlaysQuery, Pagination, PlayItem } from '#pie/contracts';

/** The signed-in fan's plays, newest first, searchable by track, artist or album (`GET /api/tracks/user/latest`). */
export class ListLatestPlays extends Query<{ items: PlayItem[]; pagination: Pagination }> {
  constructor(
    readonly fanId: string,
    readonly query: LatestPlaysQuery,
  ) {
    super();
  }
}
