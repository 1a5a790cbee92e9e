/*
 * What a scrobbling service (ListenBrainz, Last.fm) offers a listening source, whatever its API:
 * whether it still accepts the credential Pie holds, a page of listens going back, and the listens
 * after a moment. `domain/scrobble-sources.ts` runs the one back-fill / poll on top of it.
 */

export type ScrobbleSourceKind = 'listenbrainz' | 'lastfm';

/** One listen as the service reports it: when it started, the track by name (never "now playing"). */
export interface ServiceListen {
  /** Seconds since the epoch: when the play started. */
  startedAt: number;
  trackName: string;
  artistName: string;
  album: string | null;
  /** The track's length when the service says it (Last.fm's recent tracks do not). */
  durationMs: number | null;
  /** MusicBrainz ids when the service knows them: the recording's and its primary artist's. */
  trackMbid: string | null;
  artistMbid: string | null;
}

const MBID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A MusicBrainz id as the service sent it, or null (Last.fm sends '' when it has none). */
export function mbidOrNull(value: unknown): string | null {
  return typeof value === 'string' && MBID.test(value.trim()) ? value.trim().toLowerCase() : null;
}

export interface ScrobbleService {
  readonly kind: ScrobbleSourceKind;
  /** The service's name as fans read it. */
  readonly label: string;
  /** Listens one back-fill page asks for: a shorter page is the history's end. */
  readonly pageSize: number;
  /** Pages one sync of the back-fill reads before handing over to a new job (within the service's rate limit). */
  readonly backfillPagesPerSync: number;
  /** Its rate limit counts the whole app (Last.fm: per API key), not each user's token: one refusal pauses every fan. */
  readonly appWideRateLimit: boolean;
  /** Why the source is broken when the service no longer accepts the credential / knows the account. */
  readonly revokedReason: string;
  readonly goneReason: string;
  /** Whether the service still accepts the credential (a reset token, an app the user removed). */
  accepts(credential: string, userName: string): Promise<boolean>;
  /** Up to `pageSize` listens that started before `beforeTs` (exclusive), newest first. */
  before(credential: string, userName: string, beforeTs: number): Promise<ServiceListen[]>;
  /**
   * The listens that started after `afterTs`, in pages each wholly older than the next one, so the
   * poll's cursor may move to a page's newest listen once it is stored.
   */
  after(credential: string, userName: string, afterTs: number): AsyncIterable<ServiceListen[]>;
}

export class ScrobbleServiceError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The service's rate limit is used up: come back after `retryAfterMs`. */
export class ScrobbleRateLimitedError extends ScrobbleServiceError {
  constructor(
    service: string,
    readonly retryAfterMs: number,
  ) {
    super(`${service} asked us to wait ${Math.ceil(retryAfterMs / 1000)} s (rate limit)`, 429);
  }
}

/** The service refuses the credential (the user reset their token, or removed the app). */
export class ScrobbleCredentialRefusedError extends ScrobbleServiceError {}

/** The service no longer knows the account (deleted, or renamed). */
export class ScrobbleUserGoneError extends ScrobbleServiceError {}

/** 5xx or no answer: worth retrying later (the job's backoff). */
export class ScrobbleServiceUnavailableError extends ScrobbleServiceError {}
