import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { searchCatalogue } from '#pie/listening';
import { membershipsOf } from '#pie/offices';
import { Database } from '#pie/platform';
import { claimsWhere } from '../../domain/claims-store.js';
import { SearchArtists } from './search-artists.query.js';

@QueryHandler(SearchArtists)
export class SearchArtistsHandler implements IQueryHandler<SearchArtists> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ userId, query }: SearchArtists) {
    const em = this.database.em();
    const { items, total } = await searchCatalogue(em, query.search_term, query.page, query.limit);
    const ids = items.map((item) => item.id);
    const offices = (await membershipsOf(em, userId)).map((membership) => membership.officeId);
    const claims = await claimsWhere(em, { artistIds: ids, open: true });
    return {
      items: items.map((artist) => ({
        _id: artist.id,
        name: artist.name,
        image_url: artist.imageUrl,
        spotify_id: artist.spotifyId,
        claimed: claims.some((claim) => claim.artistId === artist.id && claim.status === 'successful'),
        claimed_by_you: claims.some((claim) => claim.artistId === artist.id && offices.includes(claim.officeId)),
      })),
      pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
    };
  }
}
