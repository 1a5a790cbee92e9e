import { Query } from '@nestjs/cqrs';
import type { ArtistFansPage, ArtistFansQuery, Pagination } from '#pie/contracts';

/** An artist's fans in the last `days` days, most listened first; only public profiles are named. */
export class ListArtistFans extends Query<{ page: ArtistFansPage; pagination: Pagination }> {
  constructor(
    readonly artistId: string,
    readonly query: ArtistFansQuery,
  ) {
    super();
  }
}
