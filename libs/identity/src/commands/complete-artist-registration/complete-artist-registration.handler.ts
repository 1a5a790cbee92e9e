import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { ArtistUser } from '../../domain/artist-user.entity.js';
import { consumeEmailToken } from '../../domain/email-tokens.js';
import { invalidEmailLink } from '../../domain/identity.errors.js';
import { hashPassword } from '../../domain/secrets.js';
import { openSession } from '../../domain/sessions.js';
import { CompleteArtistRegistration } from './complete-artist-registration.command.js';

@CommandHandler(CompleteArtistRegistration)
export class CompleteArtistRegistrationHandler implements ICommandHandler<CompleteArtistRegistration> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ request, userAgent }: CompleteArtistRegistration) {
    const passwordHash = await hashPassword(request.password);
    return this.database.transaction(async (em) => {
      const used = await consumeEmailToken(em, 'artist-complete-registration', request.token);
      const artist = await em.findOne(ArtistUser, { id: used.subjectId, deletedAt: null });
      if (!artist) throw invalidEmailLink();
      const now = new Date();
      artist.firstName = request.first_name;
      artist.lastName = request.last_name;
      artist.passwordHash = passwordHash;
      artist.registrationCompletedAt = now;
      // The invitation reached this mailbox: that is the verification.
      artist.markEmailVerified(now);
      const session = openSession(em, 'artist', artist.id, userAgent);
      await em.flush();
      return { subjectId: artist.id, session };
    });
  }
}
