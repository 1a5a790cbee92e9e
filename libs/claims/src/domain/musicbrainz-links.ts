import type { AppConfig } from '#pie/platform';
import { pagesUnavailable } from './claims.errors.js';

/** MusicBrainz asks every client for at most one request a second (per IP) and answers 503 beyond it. */
export const MUSICBRAINZ_MIN_INTERVAL_MS = 1_000;
/** A lookup that would wait longer than this for its turn is answered "unavailable, try again in a minute" instead of queueing. */
export const MUSICBRAINZ_MAX_QUEUE_MS = 8_000;
const MBID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An artist lookup with `inc=url-rels`, as MusicBrainz's JSON web service answers it (the fields read here). */
interface MusicBrainzArtist {
  id: string;
  name: string;
  relations?: Array<{ type?: string; 'target-type'?: string; ended?: boolean; url?: { id?: string; resource?: string } }>;
}

export function musicBrainzApiUrl(config: Pick<AppConfig, 'MUSICBRAINZ_API_URL' | 'SOCIAL_PROVIDERS_BASE_URL'>): string {
  if (config.MUSICBRAINZ_API_URL) return config.MUSICBRAINZ_API_URL.replace(/\/+$/, '');
  const sandbox = config.SOCIAL_PROVIDERS_BASE_URL?.replace(/\/+$/, '');
  return sandbox ? `${sandbox}/musicbrainz/ws/2` : 'https://musicbrainz.org/ws/2';
}

/**
 * The links MusicBrainz lists for an artist (its url relationships: social networks, YouTube,
 * official homepage…), for artists Pie knows by MBID only (scrobbles). MusicBrainz wants a
 * User-Agent naming the application and a contact (requests without one are refused with 403) and
 * one request a second: calls from this process are spaced a second apart (one that would wait more
 * than `MUSICBRAINZ_MAX_QUEUE_MS` for its turn is refused at once), and a 503 (over the limit, or
 * MusicBrainz overloaded) is tried once more after that second, then reported as the pages being
 * unavailable (the artist tries again in a minute).
 */
export class MusicBrainzLinks {
  private readonly api: string;
  private readonly userAgent: string;
  /** When this process may send its next request (ms since the epoch). */
  private nextAt = 0;

  constructor(config: Pick<AppConfig, 'MUSICBRAINZ_API_URL' | 'SOCIAL_PROVIDERS_BASE_URL' | 'PUBLIC_URL'>) {
    this.api = musicBrainzApiUrl(config);
    this.userAgent = `Pie/1.0 ( ${config.PUBLIC_URL} )`;
  }

  lookupUrl(mbid: string): string {
    return `${this.api}/artist/${mbid}?inc=url-rels&fmt=json`;
  }

  /** The artist's page for a person to read: musicbrainz.org's, or the lookup itself on another server (the sandbox). */
  artistPageUrl(mbid: string): string {
    return this.api === 'https://musicbrainz.org/ws/2' ? `https://musicbrainz.org/artist/${mbid}` : this.lookupUrl(mbid);
  }

  /** The URLs of the artist's current (not ended) url relationships; null when MusicBrainz has no such artist. */
  async urls(mbid: string): Promise<string[] | null> {
    if (!MBID.test(mbid)) return null;
    let response = await this.request(mbid);
    if (response.status === 503) response = await this.request(mbid);
    if (response.status === 404 || response.status === 400) return null;
    if (!response.ok) throw pagesUnavailable();
    const artist = (await response.json().catch(() => null)) as MusicBrainzArtist | null;
    if (!artist || !Array.isArray(artist.relations)) throw pagesUnavailable();
    return artist.relations.filter((relation) => !relation.ended && typeof relation.url?.resource === 'string').map((relation) => relation.url!.resource!);
  }

  private async request(mbid: string): Promise<Response> {
    const now = Date.now();
    const wait = Math.max(0, this.nextAt - now);
    // Many checks at once would queue without end behind the one-a-second pace: the extra ones fail fast.
    if (wait > MUSICBRAINZ_MAX_QUEUE_MS) throw pagesUnavailable();
    // A tenth of a second over the rule: timers may fire a little early, and MusicBrainz counts by its own clock.
    this.nextAt = Math.max(now, this.nextAt) + MUSICBRAINZ_MIN_INTERVAL_MS + 100;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      return await fetch(this.lookupUrl(mbid), {
        headers: { accept: 'application/json', 'user-agent': this.userAgent },
        redirect: 'error',
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw pagesUnavailable();
    }
  }
}
