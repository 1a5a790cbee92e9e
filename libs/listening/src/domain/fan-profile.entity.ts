import { defineEntity, LockMode, p } from '@mikro-orm/core';
import type { ProfileVisibility, UpdateVisibilityRequest } from '#pie/contracts';
import type { EntityManager } from '#pie/platform';
import { listeningDb } from '../db/listening-db.js';

/** What another fan may see of a fan: each section is private until the fan makes it public. */
export type ProfileSection = keyof ProfileVisibility;

export const FanProfileSchema = defineEntity({
  name: 'FanProfile',
  tableName: 'fan_profiles',
  schema: 'listening',
  properties: {
    fanId: p.uuid().primary(),
    /** Unique regardless of case (index on lower(username)). */
    username: p.string().nullable(),
    profilePublic: p.boolean().default(false),
    topArtistsPublic: p.boolean().default(false),
    topTracksPublic: p.boolean().default(false),
    recentListeningPublic: p.boolean().default(false),
    betaJoinedAt: p.datetime().nullable(),
    /** IANA time zone: the fan's days (identity's, copied at sign-up). */
    timeZone: p.string().default('UTC'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export class FanProfile extends FanProfileSchema.class {
  static blank(fanId: string): Pick<FanProfile, 'fanId' | 'username' | 'profilePublic' | 'topArtistsPublic' | 'topTracksPublic' | 'recentListeningPublic' | 'betaJoinedAt' | 'timeZone'> {
    return { fanId, username: null, profilePublic: false, topArtistsPublic: false, topTracksPublic: false, recentListeningPublic: false, betaJoinedAt: null, timeZone: 'UTC' };
  }

  visibility(): ProfileVisibility {
    return {
      profile: this.profilePublic,
      top_artists: this.topArtistsPublic,
      top_tracks: this.topTracksPublic,
      recent_listening: this.recentListeningPublic,
    };
  }

  isPublic(section: ProfileSection): boolean {
    return this.visibility()[section];
  }

  /** `public` sets every section; a section flag given alongside it wins for that section. */
  applyVisibility(change: UpdateVisibilityRequest): void {
    if (change.public !== undefined) {
      this.profilePublic = this.topArtistsPublic = this.topTracksPublic = this.recentListeningPublic = change.public;
    }
    if (change.profile !== undefined) this.profilePublic = change.profile;
    if (change.top_artists !== undefined) this.topArtistsPublic = change.top_artists;
    if (change.top_tracks !== undefined) this.topTracksPublic = change.top_tracks;
    if (change.recent_listening !== undefined) this.recentListeningPublic = change.recent_listening;
  }

  joinBeta(now: Date): void {
    this.betaJoinedAt ??= now;
  }
}
FanProfileSchema.setClass(FanProfile);

/** The fan's profile row, created if need be and locked for the change (two requests at once never collide). */
export async function profileForUpdate(em: EntityManager, fanId: string): Promise<FanProfile> {
  await listeningDb(em)
    .insertInto('listening.fan_profiles')
    .values({ fan_id: fanId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return em.findOneOrFail(FanProfile, { fanId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
}
