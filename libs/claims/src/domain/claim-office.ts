import { artistUserCards } from '#pie/identity';
import { createOfficeFor, membershipsOf, requireAdmin } from '#pie/offices';
import type { EntityManager } from '#pie/platform';
import { chooseOffice } from './claims.errors.js';

/**
 * The office a claim is made for: the one named (the caller must be its admin), else the caller's
 * only office they administer; a person with no office yet gets one named after them.
 */
export async function officeForClaim(em: EntityManager, userId: string, officeId: string | undefined, options: { create: boolean }): Promise<string | null> {
  if (officeId) {
    await requireAdmin(em, officeId, userId);
    return officeId;
  }
  const admin = (await membershipsOf(em, userId)).filter((membership) => membership.role === 'admin');
  if (admin.length === 1) return admin[0].officeId;
  if (admin.length > 1) throw chooseOffice();
  if (!options.create) return null;
  const me = (await artistUserCards(em, [userId])).get(userId);
  const name = [me?.firstName, me?.lastName].filter(Boolean).join(' ') || me?.email.split('@')[0] || 'My office';
  return createOfficeFor(em, userId, me?.email ?? '', `${name}`.slice(0, 100), 'artist');
}
