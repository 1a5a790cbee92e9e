import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { ArtistUser } from '../../domain/artist-user.entity.js';
import { notSignedIn } from '../../domain/identity.errors.js';
import { linkedAccountsOf } from '../../domain/linked-accounts.js';
import { GetCurrentArtist } from './get-current-artist.query.js';

@QueryHandler(GetCurrentArtist)
export class GetCurrentArtistHandler implements IQueryHandler<GetCurrentArtist> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ artistUserId }: GetCurrentArtist) {
    const em = this.database.em();
    const artist = await em.findOne(ArtistUser, { id: artistUserId, deletedAt: null });
    if (!artist) throw notSignedIn();
    return artist.toUser(await linkedAccountsOf(em, 'artist', artist.id));
  }
}
