import type { Catalogue } from './catalogue.js';
import type {
  AlbumObject,
  ArtistObject,
  PagingObject,
  SimplifiedAlbumObject,
  SimplifiedArtistObject,
  SimplifiedTrackObject,
  SpotifyImage,
  TrackObject,
} from './spotify-types.js';
import { MARKETS } from './words.js';

/**
 * Turns catalogue entries into the Web API's JSON objects. `apiBase` is the sandbox's
 * `https://api.spotify.com` (e.g. `http://127.0.0.1:4000/spotify/api`); `sandboxBase` serves the
 * generated cover images (`…/spotify/__sandbox`).
 */
export class SpotifyObjects {
  constructor(
    readonly catalogue: Catalogue,
    private readonly apiBase: () => string,
    private readonly sandboxBase: () => string,
  ) {}

  simplifiedArtist(index: number): SimplifiedArtistObject {
    const artist = this.catalogue.artists[index];
    return {
      external_urls: { spotify: `https://open.spotify.com/artist/${artist.id}` },
      href: `${this.apiBase()}/v1/artists/${artist.id}`,
      id: artist.id,
      name: artist.name,
      type: 'artist',
      uri: `spotify:artist:${artist.id}`,
    };
  }

  artist(index: number): ArtistObject {
    const artist = this.catalogue.artists[index];
    return {
      ...this.simplifiedArtist(index),
      followers: { href: null, total: artist.followers },
      genres: [...artist.genres],
      images: artist.hasImages ? this.images('artist', artist.id, [640, 320, 160]) : [],
      popularity: artist.popularity,
    };
  }

  simplifiedAlbum(index: number): SimplifiedAlbumObject {
    const album = this.catalogue.albums[index];
    return {
      album_type: album.type,
      total_tracks: album.tracks.length,
      available_markets: [...MARKETS],
      external_urls: { spotify: `https://open.spotify.com/album/${album.id}` },
      href: `${this.apiBase()}/v1/albums/${album.id}`,
      id: album.id,
      images: this.images('album', album.id, [640, 300, 64]),
      name: album.name,
      release_date: album.releaseDate,
      release_date_precision: album.releasePrecision,
      type: 'album',
      uri: `spotify:album:${album.id}`,
      artists: [this.simplifiedArtist(album.artist)],
    };
  }

  album(index: number): AlbumObject {
    const album = this.catalogue.albums[index];
    const year = album.releaseDate.slice(0, 4);
    return {
      ...this.simplifiedAlbum(index),
      tracks: this.albumTracks(index, 50, 0),
      copyrights: [
        { text: `© ${year} ${album.label}`, type: 'C' },
        { text: `℗ ${year} ${album.label}`, type: 'P' },
      ],
      external_ids: { upc: album.upc },
      genres: [],
      label: album.label,
      popularity: album.popularity,
    };
  }

  /** `GET /v1/albums/{id}/tracks` (also embedded, first page, in the album object). */
  albumTracks(index: number, limit: number, offset: number): PagingObject<SimplifiedTrackObject> {
    const album = this.catalogue.albums[index];
    const url = (at: number) => `${this.apiBase()}/v1/albums/${album.id}/tracks?offset=${at}&limit=${limit}`;
    const total = album.tracks.length;
    return {
      href: url(offset),
      limit,
      next: offset + limit < total ? url(offset + limit) : null,
      offset,
      previous: offset > 0 ? url(Math.max(0, offset - limit)) : null,
      total,
      items: album.tracks.slice(offset, offset + limit).map((track) => this.simplifiedTrack(track)),
    };
  }

  simplifiedTrack(index: number): SimplifiedTrackObject {
    const track = this.catalogue.tracks[index];
    return {
      artists: track.artists.map((artist) => this.simplifiedArtist(artist)),
      available_markets: [...MARKETS],
      disc_number: 1,
      duration_ms: track.durationMs,
      explicit: track.explicit,
      external_urls: { spotify: `https://open.spotify.com/track/${track.id}` },
      href: `${this.apiBase()}/v1/tracks/${track.id}`,
      id: track.id,
      name: track.name,
      preview_url: null,
      track_number: track.trackNumber,
      type: 'track',
      uri: `spotify:track:${track.id}`,
      is_local: false,
    };
  }

  track(index: number): TrackObject {
    const track = this.catalogue.tracks[index];
    return {
      ...this.simplifiedTrack(index),
      album: this.simplifiedAlbum(track.album),
      external_ids: { isrc: track.isrc },
      popularity: track.popularity,
    };
  }

  /** Widest first, as Spotify lists them; served by the sandbox as generated SVG covers. */
  private images(kind: 'artist' | 'album', id: string, sizes: number[]): SpotifyImage[] {
    return sizes.map((size) => ({ url: `${this.sandboxBase()}/images/${kind}/${id}/${size}`, height: size, width: size }));
  }
}

/** A square SVG cover: the name's initials on a colour derived from the id. */
export function coverSvg(name: string, id: string, size: number): string {
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const initials =
    name
      .split(/\s+/)
      .filter((word) => /^[\p{L}\p{N}]/u.test(word))
      .slice(0, 2)
      .map((word) => word[0].toUpperCase())
      .join('') || '?';
  const escaped = initials.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] as string);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100"><rect width="100" height="100" fill="hsl(${hue},45%,32%)"/><text x="50" y="50" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="38" fill="hsl(${hue},80%,88%)">${escaped}</text></svg>`;
}
