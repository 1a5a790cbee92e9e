import { Inject, Injectable } from '@nestjs/common';
import { SOCIAL_PLATFORMS, type SocialPlatform } from '#pie/contracts';
import { APP_CONFIG, type AppConfig } from '#pie/platform';
import { pagesUnavailable } from './claims.errors.js';
import { MusicBrainzLinks } from './musicbrainz-links.js';

/** What a profile or social page says, as text, and which social accounts it links to (handles, lower case). */
export interface PageContent {
  text: string;
  links: Partial<Record<SocialPlatform, string>>;
}

const REAL_HOSTS: Record<SocialPlatform, string[]> = {
  twitter: ['x.com', 'twitter.com'],
  youtube: ['youtube.com'],
  facebook: ['facebook.com'],
  instagram: ['instagram.com'],
};
const REAL_BASE: Record<SocialPlatform, string> = {
  twitter: 'https://x.com/',
  youtube: 'https://www.youtube.com/@',
  facebook: 'https://www.facebook.com/',
  instagram: 'https://www.instagram.com/',
};
const HANDLE: Record<SocialPlatform, RegExp> = {
  twitter: /^[a-z0-9_]{1,15}$/,
  youtube: /^[a-z0-9_.-]{3,30}$/,
  facebook: /^[a-z0-9.]{5,50}$/,
  instagram: /^[a-z0-9_.]{1,30}$/,
};
const SPOTIFY_ID = /^[A-Za-z0-9]{1,64}$/;

/**
 * Where an artist's own links are read: their Spotify profile (its bio can carry the string too);
 * without a Spotify id (an artist known only from scrobbles), the links MusicBrainz lists for their
 * MBID (no bio there: the string goes on a page it links to).
 */
export interface LinkSource {
  kind: 'spotify' | 'musicbrainz';
  /** As a sentence names it: "Spotify profile", "MusicBrainz entry". */
  label: string;
  url: string;
}

/** The visible text of an HTML page: scripts and styles dropped, tags removed, the common entities decoded. */
export function pageText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Reads the artist's streaming-provider profile and social pages (production: open.spotify.com,
 * x.com, youtube.com, facebook.com, instagram.com; locally the sandbox, which mirrors them under
 * `<SOCIAL_PROVIDERS_BASE_URL>/socials/<platform>/…`). Only URLs built here from a parsed id or handle
 * are ever fetched: a link someone typed is parsed, never requested as given.
 */
@Injectable()
export class ArtistPages {
  private readonly sandbox: string | undefined;
  private readonly musicBrainz: MusicBrainzLinks;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.sandbox = config.SOCIAL_PROVIDERS_BASE_URL?.replace(/\/+$/, '');
    this.musicBrainz = new MusicBrainzLinks(config);
  }

  /** Where the artist's links are read (see `LinkSource`); null when Pie has neither a Spotify id nor an MBID. */
  linkSource(artist: { spotifyId: string | null; mbid: string | null }): LinkSource | null {
    if (artist.spotifyId) return { kind: 'spotify', label: 'Spotify profile', url: this.spotifyArtistUrl(artist.spotifyId) };
    if (artist.mbid) return { kind: 'musicbrainz', label: 'MusicBrainz entry', url: this.musicBrainz.artistPageUrl(artist.mbid) };
    return null;
  }

  /** The artist's links (and, for a Spotify profile, its text) from their link source; null when it has no such artist. */
  async linksOf(artist: { spotifyId: string | null; mbid: string | null }): Promise<PageContent | null> {
    if (artist.spotifyId) return this.profile(artist.spotifyId);
    if (!artist.mbid) return null;
    const urls = await this.musicBrainz.urls(artist.mbid);
    return urls && { text: '', links: this.linksIn(urls) };
  }

  spotifyArtistUrl(spotifyId: string): string {
    return this.sandbox ? `${this.sandbox}/socials/spotify/artist/${spotifyId}` : `https://open.spotify.com/artist/${spotifyId}`;
  }

  socialUrl(platform: SocialPlatform, handle: string): string {
    if (this.sandbox) return `${this.sandbox}/socials/${platform}/${platform === 'youtube' ? '@' : ''}${handle}`;
    return `${REAL_BASE[platform]}${handle}`;
  }

  /** The Spotify artist id in an artist URL (open.spotify.com/artist/<id>, or the sandbox's), else null. */
  parseSpotifyArtistUrl(value: string): string | null {
    const path = this.pathOn(value, ['open.spotify.com'], '/socials/spotify');
    const match = path && /^\/(?:intl-[a-z-]+\/)?artist\/([^/?#]+)\/?$/.exec(path);
    return match && SPOTIFY_ID.test(match[1]) ? match[1] : null;
  }

  /** The handle (lower case) in a link to a platform's profile, else null. */
  parseSocialLink(platform: SocialPlatform, value: string): string | null {
    const path = this.pathOn(value, REAL_HOSTS[platform], `/socials/${platform}`);
    if (!path) return null;
    let segment = path.split('/').filter(Boolean)[0] ?? '';
    if (platform === 'youtube') {
      if (!segment.startsWith('@')) return null;
      segment = segment.slice(1);
    }
    const handle = decodeURIComponent(segment).toLowerCase();
    return HANDLE[platform].test(handle) ? handle : null;
  }

  /** The artist's profile page on the streaming provider; null when the provider has no such artist. */
  async profile(spotifyId: string): Promise<PageContent | null> {
    return this.read(this.spotifyArtistUrl(spotifyId));
  }

  async socialPage(platform: SocialPlatform, handle: string): Promise<PageContent | null> {
    return this.read(this.socialUrl(platform, handle));
  }

  private pathOn(value: string, realHosts: string[], sandboxPrefix: string): string | null {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return null;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (this.sandbox && url.origin === new URL(this.sandbox).origin && url.pathname.startsWith(`${sandboxPrefix}/`)) {
      return url.pathname.slice(sandboxPrefix.length);
    }
    const host = url.hostname.toLowerCase().replace(/^(www|m|mobile)\./, '');
    return realHosts.includes(host) ? url.pathname : null;
  }

  private async read(url: string): Promise<PageContent | null> {
    let response: Response;
    try {
      response = await fetch(url, { headers: { accept: 'text/html' }, redirect: 'error', signal: AbortSignal.timeout(10_000) });
    } catch {
      throw pagesUnavailable();
    }
    if (response.status === 404) return null;
    if (!response.ok) throw pagesUnavailable();
    const html = (await response.text()).slice(0, 2_000_000);
    const hrefs = [...html.matchAll(/href\s*=\s*"([^"]+)"/gi)].map((match) => match[1].replace(/&amp;/g, '&'));
    return { text: pageText(html), links: this.linksIn(hrefs) };
  }

  /** The first link to each platform's profile among these URLs (handles, lower case). */
  private linksIn(urls: string[]): PageContent['links'] {
    const links: PageContent['links'] = {};
    for (const url of urls) {
      for (const platform of SOCIAL_PLATFORMS) {
        if (links[platform]) continue;
        const handle = this.parseSocialLink(platform, url);
        if (handle) links[platform] = handle;
      }
    }
    return links;
  }
}
