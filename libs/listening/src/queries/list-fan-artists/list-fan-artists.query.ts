import { Query } from '@nestjs/cqrs';
import type { FanArtist, ListFanArtistsQuery, Pagination } from '#pie/contracts';

/** The signed-in fan's artists with their listened time (`GET /api/artists/user`). */
export class ListFanArtists extends Query<{ items: FanArtist[]; pagination: Pagination }> {
  constructor(
    readonly fanId: string,
    readonly query: ListFanArtistsQuery,
  ) {
    super();
  }
}
