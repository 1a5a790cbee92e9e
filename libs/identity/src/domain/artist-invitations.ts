import { randomUUID } from 'node:crypto';
import type { EntityManager } from '#pie/platform';
import { ArtistUser } from './artist-user.entity.js';
import { issueEmailToken } from './email-tokens.js';

/**
 * For the offices module: makes sure an artist account exists for an invited e-mail and returns
 * a complete-registration token when the person still has to set up their account (null when
 * they already have one and can simply sign in).
 */
export async function prepareInvitedArtistUser(em: EntityManager, email: string): Promise<{ artistUserId: string; completeRegistrationToken: string | null }> {
  const normalised = email.trim().toLowerCase();
  let artist = await em.findOne(ArtistUser, { email: normalised, deletedAt: null });
  if (artist?.registrationCompletedAt) return { artistUserId: artist.id, completeRegistrationToken: null };
  if (!artist) {
    artist = em.create(ArtistUser, {
      id: randomUUID(),
      email: normalised,
      firstName: null,
      lastName: null,
      phoneNumber: null,
      country: null,
      passwordHash: null,
      emailVerifiedAt: null,
      invitedAt: new Date(),
      registrationCompletedAt: null,
      deletedAt: null,
    });
    em.persist(artist);
  }
  const token = issueEmailToken(em, 'artist-complete-registration', artist.id);
  await em.flush();
  return { artistUserId: artist.id, completeRegistrationToken: token };
}
