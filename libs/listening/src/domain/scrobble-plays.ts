import { MAX_PRECISION_SECONDS } from './listening.constants.js';
import type { IncomingPlay } from './play-writer.js';

/** The scrobble rule (Last.fm's, which ListenBrainz clients follow): half the track or 4 minutes, whichever comes first. */
const SCROBBLE_AFTER_MS = 240_000;
/** The least any scrobble guarantees was heard (a track must be over 30 s to scrobble at all). */
export const SCROBBLE_MIN_HEARD_MS = 30_000;
/** A reported duration beyond this is not a song's (a mix, a wrong tag): listened time stops there. */
export const SCROBBLE_MAX_LISTENED_MS = 20 * 60_000;
/**
 * The window when nobody knows the track's length (Last.fm's recent tracks, a track no poll
 * brought): the end lies 30 s to 4.5 minutes after the start. Wider would merge a fan's distinct
 * plays of short tracks that one source missed; a long track's scrobble first stored this way is
 * matched when the catalogue merges its name-only track (with this window), not beyond it.
 */
export const SCROBBLE_UNKNOWN_LENGTH_WINDOW_S = 240;

/** One listen as a scrobbling service reports it: when it started, and the track by name. */
export interface Scrobble {
  fanId: string;
  source: 'listenbrainz' | 'lastfm';
  /** When the play started (seconds since the epoch): ListenBrainz `listened_at`, Last.fm `date.uts`. */
  startedAtSeconds: number;
  /** The track's length when the service knows it. */
  durationMs: number | null;
  trackName: string;
  artistName: string;
  album: string | null;
  /** MusicBrainz ids where the service knows them (the recording, its primary artist). */
  trackMbid?: string | null;
  artistMbid?: string | null;
}

/**
 * A scrobble as a play for the one writer. The writer matches plays by when they ended; a
 * scrobble gives the start, and its end lies between the scrobble rule's minimum (half the track,
 * or 4 minutes) and the track's end: `playedAt` is that minimum and `precisionSeconds` the window
 * (at most `MAX_PRECISION_SECONDS`, 20 minutes: a 10-minute track's is 6), so a poll's or an
 * export's report of the same play falls inside it and is counted once, however long the track. Two real plays of a track end at least its length apart, more
 * than half of it: distinct plays stay distinct. Without a duration the end is only known to be
 * 30 s or more after the start.
 *
 * Listened time: services report no ms played, so the track's length stands for it (as for a
 * poll's plays), capped; unknown, the 30 s every scrobble guarantees.
 */
export function scrobblePlay(scrobble: Scrobble): IncomingPlay {
  const startMs = scrobble.startedAtSeconds * 1000;
  const duration = scrobble.durationMs !== null && scrobble.durationMs > SCROBBLE_MIN_HEARD_MS ? scrobble.durationMs : null;
  const earliestEndMs = duration === null ? SCROBBLE_MIN_HEARD_MS : Math.min(duration / 2, SCROBBLE_AFTER_MS);
  const window = duration === null ? SCROBBLE_UNKNOWN_LENGTH_WINDOW_S * 1000 : duration - earliestEndMs;
  return {
    fanId: scrobble.fanId,
    playedAt: new Date(startMs + Math.floor(earliestEndMs / 1000) * 1000),
    precisionSeconds: Math.min(MAX_PRECISION_SECONDS, Math.max(1, Math.ceil(window / 1000) + 1)),
    msPlayed: duration === null ? SCROBBLE_MIN_HEARD_MS : Math.min(duration, SCROBBLE_MAX_LISTENED_MS),
    source: scrobble.source,
    providerTrackId: null,
    trackName: scrobble.trackName,
    artistName: scrobble.artistName,
    album: scrobble.album,
    trackMbid: scrobble.trackMbid ?? null,
    artistMbid: scrobble.artistMbid ?? null,
  };
}
