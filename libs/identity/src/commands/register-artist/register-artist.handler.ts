import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { APP_CONFIG, Database, recordInOutbox, type AppConfig } from '#pie/platform';
import { recordAccountExistsEmail } from '../../domain/account-mail.js';
import { findAccountByEmail } from '../../domain/accounts.js';
import { ArtistUser } from '../../domain/artist-user.entity.js';
import { hashPassword } from '../../domain/secrets.js';
import { ArtistRegistered } from '../../events/artist-registered.event.js';
import { RegisterArtist } from './register-artist.command.js';

/** Artist sign-up; the same enumeration-safe answer as the fans' (see RegisterFanHandler). */
@CommandHandler(RegisterArtist)
export class RegisterArtistHandler implements ICommandHandler<RegisterArtist> {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ request }: RegisterArtist): Promise<void> {
    const passwordHash = await hashPassword(request.password);
    try {
      await this.database.transaction(async (em) => {
        const existing = await findAccountByEmail(em, 'artist', request.email);
        if (existing instanceof ArtistUser && existing.isUnclaimedInvitationPlaceholder()) {
          // Made by an office invitation before issue 27: nobody ever set it up, so its owner registers
          // into it like into a new account (and confirms the address the same way).
          existing.register({ firstName: request.first_name, lastName: request.last_name, passwordHash }, new Date());
          recordInOutbox(em, ArtistRegistered.create({ artistUserId: existing.id, email: existing.email, firstName: request.first_name }));
          await em.flush();
          return;
        }
        if (existing) {
          recordAccountExistsEmail(em, this.config, 'artist', existing);
          await em.flush();
          return;
        }
        const artist = em.create(ArtistUser, {
          id: randomUUID(),
          email: request.email,
          firstName: request.first_name,
          lastName: request.last_name,
          passwordHash,
          phoneNumber: null,
          country: null,
          emailVerifiedAt: null,
          invitedAt: null,
          registrationCompletedAt: new Date(),
          deletedAt: null,
        });
        em.persist(artist);
        recordInOutbox(em, ArtistRegistered.create({ artistUserId: artist.id, email: artist.email, firstName: request.first_name }));
        await em.flush();
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return;
      throw error;
    }
  }
}
