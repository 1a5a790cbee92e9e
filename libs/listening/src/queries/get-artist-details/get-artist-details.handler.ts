import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { loadArtistDetails } from '../../domain/artist-details.js';
import { GetArtistDetails } from './get-artist-details.query.js';

@QueryHandler(GetArtistDetails)
export class GetArtistDetailsHandler implements IQueryHandler<GetArtistDetails> {
  constructor(@Inject(Database) private readonly database: Database) {}

  execute({ artistId }: GetArtistDetails) {
    return loadArtistDetails(this.database.em(), artistId);
  }
}
