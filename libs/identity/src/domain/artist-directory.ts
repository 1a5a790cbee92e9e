import type { EntityManager } from '#pie/platform';
import { ArtistUser } from './artist-user.entity.js';

export interface ArtistUserCard {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  registered: boolean;
}

/** For the offices module: names of artist accounts (members lists), deleted accounts left out. */
export async function artistUserCards(em: EntityManager, ids: string[]): Promise<Map<string, ArtistUserCard>> {
  if (ids.length === 0) return new Map();
  const users = await em.find(ArtistUser, { id: { $in: ids }, deletedAt: null });
  return new Map(
    users.map((user) => [user.id, { id: user.id, email: user.email, firstName: user.firstName ?? null, lastName: user.lastName ?? null, registered: Boolean(user.registrationCompletedAt ?? user.passwordHash) }]),
  );
}
