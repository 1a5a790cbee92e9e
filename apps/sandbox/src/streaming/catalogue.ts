import {
  base62Id,
  cumulative,
  drawIndex,
  hashString,
  intBetween,
  mulberry32,
  normal,
  pick,
  randomDigits,
  type Random,
} from './prng.js';
import {
  ADJECTIVES,
  ARTIST_COUNTRIES,
  COUNTRY_FAMILIES,
  FIRST_NAMES,
  GENRE_FAMILIES,
  LABELS,
  LAST_NAMES,
  NOUNS,
  SYLLABLES,
  TITLE_WORDS,
  VERBS,
} from './words.js';

/*
 * The generated catalogue: artists, albums and tracks with Spotify-style ids. Deterministic for
 * a seed; built once per seed per process (about 30 ms) and immutable afterwards.
 *
 * Artist index = global popularity rank (0 is the most popular); ids are random base62 so the
 * rank cannot be read from them.
 */

export interface CatalogueArtist {
  index: number;
  id: string;
  name: string;
  /** Empty for ~5% (unclassified, as on Spotify); 2–4 genres for ~20%. */
  genres: readonly string[];
  popularity: number;
  followers: number;
  /** Sandbox extension (the real Web API has no artist country); null for ~3% (unknown). */
  country: string | null;
  /** Sandbox extension: false for ~8% (split up, retired). */
  active: boolean;
  /** ~4% of artists have no images, as happens on Spotify. */
  hasImages: boolean;
  /** Tracks this artist is the primary artist of, most popular first. */
  tracks: Int32Array;
  /** Releases of this artist (album indices), oldest first. */
  albums: number[];
}

export type AlbumType = 'album' | 'single' | 'compilation';

export interface CatalogueAlbum {
  index: number;
  id: string;
  name: string;
  type: AlbumType;
  /** The album artist (index). */
  artist: number;
  /** Track indices in track-number order. */
  tracks: number[];
  releaseDate: string;
  releasePrecision: 'year' | 'month' | 'day';
  label: string;
  popularity: number;
  upc: string;
}

export interface CatalogueTrack {
  index: number;
  id: string;
  name: string;
  durationMs: number;
  /** Credited artists (indices), primary first; 2–4 for ~15% of tracks. */
  artists: number[];
  album: number;
  trackNumber: number;
  explicit: boolean;
  popularity: number;
  isrc: string;
}

export interface Catalogue {
  seed: string;
  artists: CatalogueArtist[];
  albums: CatalogueAlbum[];
  tracks: CatalogueTrack[];
  artistById: Map<string, CatalogueArtist>;
  albumById: Map<string, CatalogueAlbum>;
  trackById: Map<string, CatalogueTrack>;
  /** Global popularity as a cumulative distribution over artist indices (for sampling tastes). */
  artistPopularityCdf: Float64Array;
}

export interface CatalogueOptions {
  seed?: string;
  artists?: number;
  tracks?: number;
}

export const DEFAULT_CATALOGUE_SEED = 'pie-sandbox';
export const DEFAULT_ARTIST_COUNT = 5000;
export const DEFAULT_TRACK_COUNT = 20000;

/** Track durations: log-normal around 3:30, within 90 s – 7 min. */
export const MIN_TRACK_MS = 90_000;
export const MAX_TRACK_MS = 420_000;

const cache = new Map<string, Catalogue>();

/** The catalogue for a seed, generated on first use and shared (it never changes). */
export function getCatalogue(options: CatalogueOptions = {}): Catalogue {
  const key = `${options.seed ?? DEFAULT_CATALOGUE_SEED}|${options.artists ?? DEFAULT_ARTIST_COUNT}|${options.tracks ?? DEFAULT_TRACK_COUNT}`;
  let catalogue = cache.get(key);
  if (!catalogue) {
    catalogue = generateCatalogue(options);
    // A handful of seeds at most in practice; keep it bounded anyway.
    if (cache.size >= 4) cache.delete(cache.keys().next().value as string);
    cache.set(key, catalogue);
  }
  return catalogue;
}

export function generateCatalogue(options: CatalogueOptions = {}): Catalogue {
  const seed = options.seed ?? DEFAULT_CATALOGUE_SEED;
  const artistCount = options.artists ?? DEFAULT_ARTIST_COUNT;
  const trackCount = options.tracks ?? DEFAULT_TRACK_COUNT;
  if (artistCount < 1 || trackCount < artistCount) throw new Error('The catalogue needs at least one track per artist');
  const random = mulberry32(hashString(`catalogue:${seed}`));
  const ids = new Set<string>();
  const newId = () => {
    let id = base62Id(random);
    while (ids.has(id)) id = base62Id(random);
    ids.add(id);
    return id;
  };

  // ---- artists -----------------------------------------------------------------------------
  const countryCdf = cumulative(ARTIST_COUNTRIES.map(([, weight]) => weight));
  const names = new Set<string>();
  const artists: CatalogueArtist[] = [];
  for (let index = 0; index < artistCount; index++) {
    const popularity = clamp(Math.round(100 - 14 * Math.log(1 + index / 8) + normal(random) * 4), 0, 100);
    const country = random() < 0.03 ? null : ARTIST_COUNTRIES[drawIndex(random, countryCdf)][0];
    artists.push({
      index,
      id: newId(),
      name: uniqueName(random, names, artistName),
      genres: artistGenres(random, country),
      popularity,
      followers: Math.round(Math.exp((popularity / 100) * Math.log(3e7)) * Math.exp(normal(random) * 0.4)),
      country,
      active: random() >= 0.08,
      hasImages: random() >= 0.04,
      tracks: new Int32Array(0),
      albums: [],
    });
  }
  const popularityWeights = artists.map((a) => 1 / Math.pow(a.index + 1, 0.85));
  const artistPopularityCdf = cumulative(popularityWeights);

  // ---- how many tracks each artist has: one each, the rest leaning to popular artists ---------
  const perArtist = new Int32Array(artistCount).fill(1);
  const extraWeights = artists.map((a) => 1 / Math.pow(a.index + 10, 0.6));
  const extraTotal = extraWeights.reduce((sum, w) => sum + w, 0);
  let assigned = artistCount;
  for (const artist of artists) {
    const extra = Math.floor(((trackCount - artistCount) * extraWeights[artist.index]) / extraTotal);
    perArtist[artist.index] += extra;
    assigned += extra;
  }
  for (let i = 0; assigned < trackCount; i = (i + 1) % artistCount, assigned++) perArtist[i] += 1;

  // ---- releases and tracks ----------------------------------------------------------------
  const albums: CatalogueAlbum[] = [];
  const tracks: CatalogueTrack[] = [];
  for (const artist of artists) {
    const titles = new Set<string>();
    const own: number[] = [];
    let remaining = perArtist[artist.index];
    const releases: CatalogueAlbum[] = [];
    while (remaining > 0) {
      const roll = random();
      let type: AlbumType;
      let size: number;
      if (roll < 0.45) [type, size] = ['single', intBetween(random, 1, 2)];
      else if (roll < 0.65) [type, size] = ['single', intBetween(random, 4, 6)]; // Spotify files EPs as singles
      else [type, size] = [remaining >= 8 && random() < 0.03 ? 'compilation' : 'album', intBetween(random, 8, 14)];
      size = Math.min(size, remaining);
      if (type !== 'single' && size < 4) type = 'single';
      remaining -= size;
      const { date, precision } = releaseDate(random);
      const album: CatalogueAlbum = {
        index: albums.length,
        id: newId(),
        name: '',
        type,
        artist: artist.index,
        tracks: [],
        releaseDate: date,
        releasePrecision: precision,
        label: random() < 0.25 ? `${artist.name} Music` : pick(random, LABELS),
        popularity: clamp(artist.popularity - intBetween(random, 0, 15), 0, 100),
        upc: randomDigits(random, 12),
      };
      for (let n = 0; n < size; n++) {
        const track: CatalogueTrack = {
          index: tracks.length,
          id: newId(),
          name: uniqueName(random, titles, trackName),
          durationMs: trackDuration(random),
          artists: [artist.index],
          album: album.index,
          trackNumber: n + 1,
          explicit: random() < 0.15,
          popularity: 0,
          isrc: `${artist.country ?? 'QZ'}${base62Id(random, 3).toUpperCase()}${date.slice(2, 4)}${randomDigits(random, 5)}`,
        };
        if (random() < 0.15) track.artists.push(...featuredArtists(random, artist.index, artistPopularityCdf));
        tracks.push(track);
        album.tracks.push(track.index);
        own.push(track.index);
      }
      album.name = albumName(random, album, tracks, artist.name);
      albums.push(album);
      releases.push(album);
    }
    releases.sort((a, b) => (a.releaseDate < b.releaseDate ? -1 : a.releaseDate > b.releaseDate ? 1 : 0));
    artist.albums = releases.map((album) => album.index);
    // Most popular first: earlier-made tracks lead, with some shuffle.
    const ranked = own.map((t, rank) => ({ t, key: rank + normal(random) * 2 })).sort((a, b) => a.key - b.key);
    ranked.forEach(({ t }, rank) => {
      tracks[t].popularity = clamp(Math.round(artist.popularity - rank * 1.5 - random() * 10), 0, 100);
    });
    artist.tracks = Int32Array.from(ranked.map(({ t }) => t));
  }

  return {
    seed,
    artists,
    albums,
    tracks,
    artistById: new Map(artists.map((a) => [a.id, a])),
    albumById: new Map(albums.map((a) => [a.id, a])),
    trackById: new Map(tracks.map((t) => [t.id, t])),
    artistPopularityCdf,
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function madeUpWord(random: Random): string {
  let word = '';
  const parts = intBetween(random, 2, 3);
  for (let i = 0; i < parts; i++) word += pick(random, SYLLABLES);
  return capitalise(word);
}

function plural(noun: string): string {
  if (/(s|sh|ch|x)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (noun === 'Wolf') return 'Wolves';
  return `${noun}s`;
}

function artistName(random: Random): string {
  const roll = random();
  if (roll < 0.3) return `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`;
  if (roll < 0.45) return `The ${pick(random, ADJECTIVES)} ${plural(pick(random, NOUNS))}`;
  if (roll < 0.6) return `${pick(random, ADJECTIVES)} ${pick(random, NOUNS)}`;
  if (roll < 0.7) return `${pick(random, NOUNS)} ${pick(random, NOUNS)}`;
  if (roll < 0.8) return madeUpWord(random);
  if (roll < 0.85) return `${pick(random, FIRST_NAMES)} & the ${plural(pick(random, NOUNS))}`;
  if (roll < 0.9) return `${pick(random, ['DJ', 'MC', 'Lil', 'Young', 'Big'])} ${madeUpWord(random)}`;
  if (roll < 0.95) return `${pick(random, FIRST_NAMES)} ${madeUpWord(random)}`;
  return `${madeUpWord(random)} ${pick(random, NOUNS)}`;
}

function trackName(random: Random): string {
  const roll = random();
  if (roll < 0.25) return `${pick(random, ADJECTIVES)} ${pick(random, NOUNS)}`;
  if (roll < 0.4) return `${pick(random, VERBS)} ${pick(random, TITLE_WORDS)}`;
  if (roll < 0.55) return `${pick(random, VERBS)} the ${pick(random, NOUNS)}`;
  if (roll < 0.65) return pick(random, NOUNS);
  if (roll < 0.75) return `${pick(random, NOUNS)} ${pick(random, TITLE_WORDS)}`;
  if (roll < 0.85) return `${pick(random, ['My', 'Your', 'Our', 'No', 'One More'])} ${pick(random, NOUNS)}`;
  if (roll < 0.93) return `${pick(random, ADJECTIVES)} ${plural(pick(random, NOUNS))}`;
  return madeUpWord(random);
}

/** Unique within `taken`: retries, then numbers the name (as "Song II" would be). */
function uniqueName(random: Random, taken: Set<string>, make: (random: Random) => string): string {
  for (let attempt = 0; attempt < 20; attempt++) {
    const name = make(random);
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
  const base = make(random);
  for (let n = 2; ; n++) {
    const name = `${base} ${['II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX'][n - 2] ?? n}`;
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
}

function albumName(random: Random, album: CatalogueAlbum, tracks: CatalogueTrack[], artist: string): string {
  if (album.type === 'compilation') return pick(random, ['Greatest Hits', `The Best of ${artist}`, 'Anthology', 'Collected', 'Essentials']);
  // Singles and some albums are named after their first track, as on Spotify.
  if (album.type === 'single' || random() < 0.3) return tracks[album.tracks[0]].name;
  return `${pick(random, ADJECTIVES)} ${pick(random, NOUNS)}`;
}

function artistGenres(random: Random, country: string | null): string[] {
  const roll = random();
  if (roll < 0.05) return [];
  const families = Object.keys(GENRE_FAMILIES);
  const leaning = country ? COUNTRY_FAMILIES[country] : undefined;
  const family = leaning && random() < 0.7 ? pick(random, leaning) : pick(random, families);
  const first = pick(random, GENRE_FAMILIES[family]);
  if (roll < 0.8) return [first];
  const genres = new Set([first]);
  const count = intBetween(random, 2, 4);
  for (let attempt = 0; genres.size < count && attempt < 20; attempt++) {
    // Mostly the same family, sometimes a crossover.
    const from = random() < 0.8 ? family : pick(random, families);
    genres.add(pick(random, GENRE_FAMILIES[from]));
  }
  return [...genres];
}

function featuredArtists(random: Random, primary: number, cdf: Float64Array): number[] {
  const roll = random();
  const count = roll < 0.6 ? 1 : roll < 0.88 ? 2 : 3;
  const chosen = new Set<number>([primary]);
  while (chosen.size < count + 1) chosen.add(drawIndex(random, cdf));
  chosen.delete(primary);
  return [...chosen];
}

function trackDuration(random: Random): number {
  for (let attempt = 0; attempt < 5; attempt++) {
    const ms = Math.round(210_000 * Math.exp(normal(random) * 0.28));
    if (ms >= MIN_TRACK_MS && ms <= MAX_TRACK_MS) return ms;
  }
  return 210_000;
}

function releaseDate(random: Random): { date: string; precision: 'year' | 'month' | 'day' } {
  // Skewed towards recent years, from 1965 to 2025.
  const year = 2025 - Math.floor(Math.pow(random(), 2) * 61);
  const month = intBetween(random, 1, 12);
  const day = intBetween(random, 1, 28);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (year < 1990 && random() < 0.5) return { date: String(year), precision: 'year' };
  return { date: `${year}-${pad(month)}-${pad(day)}`, precision: 'day' };
}
