import { z } from 'zod';
import { defaultHandles } from '../artist-socials/store.js';
import { json, jsonBody, type RequestContext, type Respond } from '../oauth/http.js';
import { commonControl, invalidControlBody } from './admin-controls.js';
import { RateWindows, type RateLimit } from './rate-windows.js';
import { uuidFrom, type ScrobbledListens } from './scrobbled-listens.js';

/** MusicBrainz asks each client for at most one request a second, and answers 503 beyond it. */
export const MUSICBRAINZ_RATE_LIMIT: RateLimit = { limit: 1, windowSeconds: 1 };

const MBID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HELP = 'For usage, please see: https://musicbrainz.org/development/mmd';
/** Relationship types (name and MusicBrainz's type id) of the artist–url links served here. */
const URL_RELATION_TYPES = {
  'social network': '99429741-f3f6-484b-84f8-23af51991770',
  youtube: '6a540e5b-58c6-4192-b6ba-dbc71ec8fcf0',
  'free streaming': '769085a1-c2f7-4c24-a532-2375a77693bd',
} as const;
/** User-Agents of generic HTTP libraries, which MusicBrainz refuses: a client must name itself. */
const ANONYMOUS_AGENTS = /^(node|undici|python-requests|python-urllib|java|go-http-client|curl|wget)\b/i;

/** One artist's url relationships, as the links (resources) they point at. */
export interface MusicBrainzArtistEntry {
  name: string;
  urls: string[];
}

const artistBody = z
  .object({ name: z.string().trim().min(1).max(200), urls: z.array(z.url().max(500)).max(50) })
  .strict();
const faultsBody = z.object({ next: z.number().int().min(0).max(10_000), status: z.number().int().min(400).max(599).default(503) }).strict();

/**
 * MusicBrainz's web service stand-in (`/musicbrainz/ws/2/...` on the providers server): the artist
 * lookup with `inc=url-rels&fmt=json` for the artists the scrobbling stand-ins name (their MBIDs),
 * in MusicBrainz's JSON shape, with its errors (400 invalid MBID, 404 unknown, 403 without a
 * User-Agent naming the application) and its rate limit (one request a second per client, 503
 * beyond it). A generated artist's links are the handles the sandbox's artist pages give the same
 * artist (`/socials`), so a scrobbled artist's accounts are the ones its pages and sign-ins know.
 */
export class MusicBrainzStandIn {
  private readonly added = new Map<string, MusicBrainzArtistEntry>();
  private generated: Map<string, number> | null = null;
  private readonly windows: RateWindows;
  private forced = { next: 0, status: 503 };

  constructor(
    private readonly listens: ScrobbledListens,
    rateClock: () => number = Date.now,
  ) {
    this.windows = new RateWindows({ ...MUSICBRAINZ_RATE_LIMIT }, rateClock);
  }

  /** Sets (or replaces) an artist's name and links: an artist a test scrobbled under its own MBID. */
  setArtist(mbid: string, entry: MusicBrainzArtistEntry): void {
    this.added.set(mbid, entry);
  }

  /** The artist with this MBID: one set through the controls, else a generated catalogue artist; null when unknown. */
  artist(mbid: string): MusicBrainzArtistEntry | null {
    const added = this.added.get(mbid);
    if (added) return added;
    if (!this.generated) {
      this.generated = new Map();
      for (const artist of this.listens.catalogue.artists) this.generated.set(this.listens.artistMbid(artist.index), artist.index);
    }
    const index = this.generated.get(mbid);
    if (index === undefined) return null;
    const artist = this.listens.catalogue.artists[index];
    const handles = defaultHandles(artist.id);
    return {
      name: artist.name,
      urls: [
        `https://twitter.com/${handles.twitter}`,
        `https://www.youtube.com/@${handles.youtube}`,
        `https://www.facebook.com/${handles.facebook}`,
        `https://www.instagram.com/${handles.instagram}/`,
        `https://open.spotify.com/artist/${artist.id}`,
      ],
    };
  }

  handle(ctx: RequestContext): Respond | undefined {
    if (ctx.path.startsWith('/__admin/')) return this.admin(ctx);
    if (!ctx.path.startsWith('/ws/2/')) return undefined;
    const agent = String(ctx.headers['user-agent'] ?? '').trim();
    if (!agent || ANONYMOUS_AGENTS.test(agent)) {
      return json(403, { error: 'Requests must carry a User-Agent naming the application and a way to contact its authors.', help: HELP });
    }
    if (!this.windows.take(agent).ok) {
      return json(503, { error: 'Your requests are exceeding the allowable rate limit. Please see http://wiki.musicbrainz.org/XMLWebService for more information.' });
    }
    if (this.forced.next > 0) {
      this.forced.next--;
      return json(this.forced.status, { error: 'The sandbox was asked to fail this request.' });
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return json(405, { error: 'Method not allowed', help: HELP });
    const lookup = /^\/ws\/2\/artist\/([^/]+)$/.exec(ctx.path);
    if (!lookup) return json(404, { error: 'Not Found', help: HELP });
    if (ctx.url.searchParams.get('fmt') !== 'json' && !String(ctx.headers.accept ?? '').includes('application/json')) {
      return json(406, { error: 'The sandbox serves JSON only: add fmt=json', help: HELP });
    }
    const mbid = decodeURIComponent(lookup[1]).toLowerCase();
    if (!MBID.test(mbid)) return json(400, { error: 'Invalid mbid.', help: HELP });
    const artist = this.artist(mbid);
    if (!artist) return json(404, { error: 'Not Found', help: HELP });
    const inc = (ctx.url.searchParams.get('inc') ?? '').split(/[+ ]/).filter(Boolean);
    const unknown = inc.find((value) => !['url-rels', 'aliases', 'tags', 'genres'].includes(value));
    if (unknown) return json(400, { error: `${unknown} is not a valid inc parameter for the artist resource.`, help: HELP });
    return json(200, artistJson(mbid, artist, inc.includes('url-rels')));
  }

  private admin(ctx: RequestContext): Respond | undefined {
    try {
      const artist = /^\/__admin\/artists\/([^/]+)$/.exec(ctx.path);
      if (artist && ctx.method === 'POST') {
        const mbid = decodeURIComponent(artist[1]).toLowerCase();
        if (!MBID.test(mbid)) return json(400, { error: 'Not an MBID' });
        this.setArtist(mbid, artistBody.parse(jsonBody(ctx)));
        return json(200, artistJson(mbid, this.artist(mbid)!, true));
      }
      return commonControl(ctx, { faults: faultsBody, setFaults: (faults) => (this.forced = faults), windows: this.windows });
    } catch (failure) {
      const invalid = invalidControlBody(failure);
      if (invalid) return invalid;
      throw failure;
    }
  }
}

/** The relationship type a link has on MusicBrainz: YouTube has its own, streaming sites theirs, the rest are social networks. */
function relationType(url: string): keyof typeof URL_RELATION_TYPES {
  const host = new URL(url).hostname.replace(/^www\./, '');
  if (host === 'youtube.com') return 'youtube';
  if (host === 'open.spotify.com') return 'free streaming';
  return 'social network';
}

/** An artist lookup's JSON, as MusicBrainz's web service answers `GET /ws/2/artist/<mbid>?inc=url-rels&fmt=json`. */
export function artistJson(mbid: string, artist: MusicBrainzArtistEntry, withUrlRels: boolean) {
  return {
    id: mbid,
    name: artist.name,
    'sort-name': artist.name,
    type: 'Group',
    'type-id': 'e431f5f6-b5d2-343d-8b36-72607fffb74b',
    disambiguation: '',
    country: null,
    area: null,
    'begin-area': null,
    'end-area': null,
    'life-span': { begin: null, end: null, ended: false },
    gender: null,
    'gender-id': null,
    ipis: [],
    isnis: [],
    ...(withUrlRels
      ? {
          relations: artist.urls.map((resource) => {
            const type = relationType(resource);
            return {
              type,
              'type-id': URL_RELATION_TYPES[type],
              'target-type': 'url',
              direction: 'forward',
              begin: null,
              end: null,
              ended: false,
              attributes: [],
              'attribute-ids': {},
              'attribute-values': {},
              'source-credit': '',
              'target-credit': '',
              url: { id: uuidFrom(`url:${resource}`), resource },
            };
          }),
        }
      : {}),
  };
}
