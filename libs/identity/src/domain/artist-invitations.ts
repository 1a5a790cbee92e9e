import { randomUUID } from 'node:crypto';
import type { EntityManager } from '#pie/platform';
import { ArtistUser } from './artist-user.entity.js';
import { issueEmailToken } from './email-tokens.js';

/**
 * What office invitations did before issue 27, kept for tests of what they left behind: an artist
 * account made for an invited e-mail, with a complete-registration token. Invitations no longer
 * make accounts; the accounts and links already out there still have to work (complete-registration,
 * and registering into a placeholder nobody set up).
 */
export async function plantLegacyInvitedArtistUser(em: EntityManager, email: string): Promise<{ artistUserId: string; completeRegistrationToken: string | null }> {
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
