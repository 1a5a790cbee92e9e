import type { EntityManager } from '#pie/platform';
import { FanProfile, type ProfileSection } from './fan-profile.entity.js';
import { fanNotFound, sectionPrivate } from './listening.errors.js';
import { listeningDb } from '../db/listening-db.js';

/**
 * The visibility rule: a fan always sees their own listening; another fan's profile, top artists,
 * top tracks and recent listening only when that fan made the section public (all private by
 * default). Refused with 403 naming the section; a fan Pie knows nothing about is a 404.
 */
export async function assertVisible(em: EntityManager, ownerId: string, viewerId: string, section: ProfileSection): Promise<void> {
  if (ownerId === viewerId) return;
  const profile = await em.findOne(FanProfile, { fanId: ownerId });
  if (profile?.isPublic(section)) return;
  if (!profile && !(await isKnownFan(em, ownerId))) throw fanNotFound();
  throw sectionPrivate(section);
}

/** A fan listening knows of: with a profile, a polling state or plays. */
export async function isKnownFan(em: EntityManager, fanId: string): Promise<boolean> {
  const row = await listeningDb(em)
    .selectNoFrom((eb) =>
      eb
        .or([
          eb.exists(eb.selectFrom('listening.fan_profiles').select('fan_id').where('fan_id', '=', fanId)),
          eb.exists(eb.selectFrom('listening.fan_listening_state').select('fan_id').where('fan_id', '=', fanId)),
          eb.exists(eb.selectFrom('listening.plays').select('fan_id').where('fan_id', '=', fanId)),
        ])
        .as('known'),
    )
    .executeTakeFirstOrThrow();
  return Boolean(row.known);
}
