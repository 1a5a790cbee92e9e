import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { ArtistUser } from '../../domain/artist-user.entity.js';
import { notSignedIn } from '../../domain/identity.errors.js';
import { UpdateArtistProfile } from './update-artist-profile.command.js';

@CommandHandler(UpdateArtistProfile)
export class UpdateArtistProfileHandler implements ICommandHandler<UpdateArtistProfile> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ artistUserId, changes }: UpdateArtistProfile): Promise<void> {
    await this.database.transaction(async (em) => {
      const artist = await em.findOne(ArtistUser, { id: artistUserId, deletedAt: null });
      if (!artist) throw notSignedIn();
      if (changes.first_name !== undefined) artist.firstName = changes.first_name;
      if (changes.last_name !== undefined) artist.lastName = changes.last_name;
      if (changes.phone_number !== undefined) artist.phoneNumber = changes.phone_number;
      if (changes.country !== undefined) artist.country = changes.country;
      await em.flush();
    });
  }
}
