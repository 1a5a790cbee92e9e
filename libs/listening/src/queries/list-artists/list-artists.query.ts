import { Query } from '@nestjs/cqrs';
import type { ArtistListItem, ListArtistsQuery, Pagination } from '#pie/contracts';

/** The catalogue, searchable and sortable (`GET /api/artists`). */
export class ListArtists extends Query<{ items: ArtistListItem[]; pagination: Pagination }> {
  constructor(readonly query: ListArtistsQuery) {
    super();
  }
}
