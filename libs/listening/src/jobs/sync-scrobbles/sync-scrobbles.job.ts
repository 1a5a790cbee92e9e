import { defineJob } from '#pie/platform';
import type { ScrobbleSourceKind } from '../../provider/scrobble-service.js';

export interface SyncScrobblesPayload {
  fanId: string;
  source: ScrobbleSourceKind;
}

/** One sync of a fan's scrobbling source: a slice of its back-fill, or a poll of what is new. */
export const SyncScrobbles = defineJob<SyncScrobblesPayload>('listening', 'listening.sync-scrobbles');
