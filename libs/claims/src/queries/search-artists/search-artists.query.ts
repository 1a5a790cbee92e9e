import { Query } from '@nestjs/cqrs';
import type { ArtistSearchItem, ArtistSearchQuery, Pagination } from '#pie/contracts';

/** `GET search`: the catalogue for step 0 of the wizard, claimed artists marked. */
export class SearchArtists extends Query<{ items: ArtistSearchItem[]; pagination: Pagination }> {
  constructor(readonly userId: string, readonly query: ArtistSearchQuery) {
    super();
  }
}
