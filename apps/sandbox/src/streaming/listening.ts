import { getCatalogue, type Catalogue } from './catalogue.js';
import {
  cumulative,
  drawIndex,
  exponential,
  hashString,
  intBetween,
  LruCache,
  mixSeed,
  mulberry32,
  normal,
  pick,
  zipfCdf,
  type Random,
} from './prng.js';
import { PLATFORMS } from './words.js';

/*
 * Generated listening: for any user id, a deterministic, endless timeline of plays.
 *
 * Model (per user, from a seed derived from the user id):
 *   - taste: a library of `librarySize` distinct artists drawn from the catalogue by global
 *     popularity, put in a personal order (popular artists tend to rank high, with noise); a play
 *     picks personal rank r with probability ∝ 1/r^s (Zipf, s = `zipfExponent`, default 1.1), or
 *     stays with the previous artist (a "run", p = 0.35, which keeps the Zipf marginal); within an
 *     artist, tracks follow a Zipf (s = 0.9) over the artist's tracks in a per-user rotation.
 *   - days: each local day is generated on its own from (seed, day number), so any window can be
 *     built lazily and the past never changes as time passes. A day is off with p = `offDayRate`;
 *     otherwise its listening time is log-normal around `hoursPerDay`, cut into sessions (mean
 *     50 min, 8 min – 4 h) that start at local hours drawn from a weekday or weekend profile
 *     between 06:00 and midnight, so nights are quiet. Sessions never run past 02:00.
 *   - plays: 80% play to the end; 13% are skipped within 30 s; 7% stop part way. Tracks follow
 *     each other with 0–1.5 s gaps, sometimes a pause of 10 s – 6 min.
 *   - a play's time (`endedAt`) is when it stopped: the Web API's `played_at`, the extended
 *     export's `ts` and the basic export's `endTime` are that same instant.
 *
 * Plays appear "live": a play is visible once it has ended, so a later poll finds new plays.
 */

export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** The Web API counts a play only after 30 s (shorter ones are in the export only). */
export const MIN_COUNTED_MS = 30_000;

export interface ListenerProfile {
  /** Average listening per day in hours; 0 means the account never plays anything. */
  hoursPerDay: number;
  /** Share of days without any listening. */
  offDayRate: number;
  /** The listener's local time, minutes east of UTC (sessions follow local hours). */
  utcOffsetMinutes: number;
  /** How many distinct artists the listener plays (the support of the Zipf distribution). */
  librarySize: number;
  /** Zipf exponent over the listener's artists (≈1.1 for real listening). */
  zipfExponent: number;
  /** Seeds the taste and every day; the user id unless overridden. */
  seed: string;
  /** `conn_country` in the extended export. */
  country: string;
  /** Devices the listener uses (extended export `platform`). */
  platforms: string[];
}

/** Fixed profiles for the seeded accounts, so tests can rely on them. */
export const SEEDED_LISTENER_PROFILES: Record<string, Partial<ListenerProfile>> = {
  // A heavy listener: well over 10,000 export rows in 120 days.
  listener1: { hoursPerDay: 6, offDayRate: 0.04, utcOffsetMinutes: -300, librarySize: 500, country: 'US', platforms: ['ios', 'osx', 'cast_to_device'] },
  listener2: { hoursPerDay: 2.5, offDayRate: 0.1, utcOffsetMinutes: 0, librarySize: 260, country: 'GB', platforms: ['android', 'windows'] },
  listener3: { hoursPerDay: 1, offDayRate: 0.2, utcOffsetMinutes: 60, librarySize: 140, country: 'DE', platforms: ['web_player'] },
};

const UTC_OFFSETS = [-480, -420, -360, -300, -240, -180, 0, 0, 60, 60, 120, 180, 330, 480, 540, 600];
const HOME_COUNTRIES = ['US', 'US', 'US', 'GB', 'DE', 'FR', 'SE', 'BR', 'MX', 'CA', 'AU', 'JP', 'NL', 'ES', 'IT', 'NG', 'IN', 'KR'];

/** The generated profile of any user id (before overrides). */
export function defaultListenerProfile(userId: string): ListenerProfile {
  const random = mulberry32(hashString(`listener:${userId}`));
  const tier = random();
  const hoursPerDay = tier < 0.25 ? 0.5 + random() : tier < 0.75 ? 1.5 + random() * 1.5 : 3 + random() * 2.5;
  const platforms = new Set<string>([pick(random, PLATFORMS)]);
  if (random() < 0.6) platforms.add(pick(random, PLATFORMS));
  const profile: ListenerProfile = {
    hoursPerDay: round2(hoursPerDay),
    offDayRate: round2(0.05 + random() * 0.15),
    utcOffsetMinutes: pick(random, UTC_OFFSETS),
    librarySize: Math.round(Math.min(800, Math.max(60, 80 + hoursPerDay * 90 + normal(random) * 40))),
    zipfExponent: 1.1,
    seed: userId,
    country: pick(random, HOME_COUNTRIES),
    platforms: [...platforms],
  };
  return { ...profile, ...SEEDED_LISTENER_PROFILES[userId] };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

export const REASONS_START = ['trackdone', 'clickrow', 'fwdbtn', 'backbtn', 'playbtn', 'appload', 'remote'] as const;
export const REASONS_END = ['trackdone', 'fwdbtn', 'backbtn', 'endplay', 'logout', 'remote', 'unexpected-exit'] as const;

/** One play, decoded. */
export interface Play {
  /** When the play stopped (ms since the epoch): `played_at`, export `ts` / `endTime`. */
  endedAt: number;
  startedAt: number;
  /** Catalogue track index. */
  track: number;
  msPlayed: number;
  reasonStart: (typeof REASONS_START)[number];
  reasonEnd: (typeof REASONS_END)[number];
  shuffle: boolean;
  skipped: boolean;
  offline: boolean;
  incognito: boolean;
  platform: string;
}

/** A user's taste, derived once from the profile. */
export interface ListenerModel {
  userId: string;
  profile: ListenerProfile;
  seed: number;
  /** Artist indices by personal rank (0 = favourite). */
  library: Int32Array;
  /** Zipf over `library`. */
  libraryCdf: Float64Array;
  /** Cache key part: changes when the profile is overridden. */
  version: number;
}

// Session start hours (local 06..23) on weekdays (commute, lunch, evening) and weekends.
const WEEKDAY_HOURS = cumulative([1, 4, 6, 3, 2, 2, 4, 3, 2, 2, 3, 5, 5, 5, 6, 6, 4, 2]);
const WEEKEND_HOURS = cumulative([0.3, 0.5, 1, 2, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 6, 6, 5, 4]);
const FIRST_HOUR = 6;
/** No play starts later than 02:00 local the next morning: days never overlap. */
const LAST_START_MS = 26 * HOUR_MS;
/** Plays of a local day end within [day start + 6 h, day start + 26 h + the longest track]. */
const STAY_WITH_ARTIST = 0.35;

const EMPTY_DAY = new Float64Array(0);
/** Packed play: ended at, track index, ms played, flags. */
const STRIDE = 4;

export type TopRange = 'short_term' | 'medium_term' | 'long_term';
/** Spotify: ~4 weeks, ~6 months, ~1 year (capped here by the generated history). */
export const TOP_RANGE_DAYS: Record<TopRange, number> = { short_term: 28, medium_term: 183, long_term: 365 };

export interface ListeningOptions {
  catalogue?: Catalogue;
  /** How far back the history reaches from "now"; 120 days by default. */
  historyDays?: number;
  /** Bounds on memory: cached listener models and generated days (LRU). */
  modelCacheSize?: number;
  dayCacheSize?: number;
}

export interface ArtistTotal {
  artist: number;
  msPlayed: number;
  plays: number;
}

export interface TrackTotal {
  track: number;
  msPlayed: number;
  plays: number;
}

/**
 * Generates and serves listening for any number of users: lazily (a user costs nothing until
 * asked for), deterministically (same user and profile → same plays) and within bounded memory.
 */
export class ListeningGenerator {
  readonly catalogue: Catalogue;
  readonly historyDays: number;
  private readonly overrides = new Map<string, { profile: Partial<ListenerProfile>; version: number }>();
  private readonly models: LruCache<string, ListenerModel>;
  private readonly days: LruCache<string, Float64Array>;
  private readonly trackCdfs = new Map<number, Float64Array>();
  private versions = 0;

  constructor(options: ListeningOptions = {}) {
    this.catalogue = options.catalogue ?? getCatalogue();
    this.historyDays = options.historyDays ?? 120;
    this.models = new LruCache(options.modelCacheSize ?? 2_000);
    this.days = new LruCache(options.dayCacheSize ?? 8_192);
  }

  /** Overrides parts of a user's profile (null: back to the generated one). Forgets cached days. */
  setProfile(userId: string, overrides: Partial<ListenerProfile> | null): ListenerProfile {
    if (overrides) this.overrides.set(userId, { profile: overrides, version: ++this.versions });
    else this.overrides.delete(userId);
    this.models.deleteWhere((key) => key === userId);
    this.days.deleteWhere((key) => key.startsWith(`${userId}\u0000`));
    return this.model(userId).profile;
  }

  profile(userId: string): ListenerProfile {
    return this.model(userId).profile;
  }

  model(userId: string): ListenerModel {
    let model = this.models.get(userId);
    if (!model) {
      const override = this.overrides.get(userId);
      const profile = { ...defaultListenerProfile(userId), ...override?.profile };
      model = buildModel(userId, profile, this.catalogue, override?.version ?? 0);
      this.models.set(userId, model);
    }
    return model;
  }

  /** Start of the history window for a moment: nothing at or before it exists. */
  historyStart(nowMs: number): number {
    return nowMs - this.historyDays * DAY_MS;
  }

  /** Plays that ended in (fromMs, toMs], oldest first, clipped to the history window of `nowMs`. */
  plays(userId: string, fromMs: number, toMs: number, nowMs: number = toMs): Play[] {
    const model = this.model(userId);
    const from = Math.max(fromMs, this.historyStart(nowMs));
    const to = Math.min(toMs, nowMs);
    if (to <= from) return [];
    const offset = model.profile.utcOffsetMinutes * MINUTE_MS;
    const first = Math.floor((from + offset) / DAY_MS) - 1;
    const last = Math.floor((to + offset) / DAY_MS);
    const plays: Play[] = [];
    for (let day = first; day <= last; day++) {
      const packed = this.day(model, day);
      for (let i = 0; i < packed.length; i += STRIDE) {
        const endedAt = packed[i];
        if (endedAt > from && endedAt <= to) plays.push(decode(packed, i, model));
      }
    }
    return plays;
  }

  /** The last `count` plays (of at least 30 s) that ended at or before `nowMs`, newest first. */
  recent(userId: string, nowMs: number, count = 50): Play[] {
    const model = this.model(userId);
    const start = this.historyStart(nowMs);
    const offset = model.profile.utcOffsetMinutes * MINUTE_MS;
    const result: Play[] = [];
    for (let day = Math.floor((nowMs + offset) / DAY_MS); result.length < count; day--) {
      const dayStart = day * DAY_MS - offset;
      // Every play of this day ended before the history starts: nothing older exists.
      if (dayStart + LAST_START_MS + HOUR_MS < start) break;
      const packed = this.day(model, day);
      for (let i = packed.length - STRIDE; i >= 0 && result.length < count; i -= STRIDE) {
        const endedAt = packed[i];
        if (endedAt > nowMs || endedAt <= start || packed[i + 2] < MIN_COUNTED_MS) continue;
        result.push(decode(packed, i, model));
      }
    }
    return result;
  }

  /** Listening per artist over a top-items range (credited artists each get the play), most first. */
  topArtists(userId: string, nowMs: number, range: TopRange): ArtistTotal[] {
    const totals = new Map<number, ArtistTotal>();
    for (const play of this.rangePlays(userId, nowMs, range)) {
      for (const artist of this.catalogue.tracks[play.track].artists) {
        const total = totals.get(artist) ?? { artist, msPlayed: 0, plays: 0 };
        total.msPlayed += play.msPlayed;
        total.plays += 1;
        totals.set(artist, total);
      }
    }
    return [...totals.values()].sort((a, b) => b.msPlayed - a.msPlayed || a.artist - b.artist);
  }

  /** Plays per track over a top-items range, most first. */
  topTracks(userId: string, nowMs: number, range: TopRange): TrackTotal[] {
    const totals = new Map<number, TrackTotal>();
    for (const play of this.rangePlays(userId, nowMs, range)) {
      const total = totals.get(play.track) ?? { track: play.track, msPlayed: 0, plays: 0 };
      total.msPlayed += play.msPlayed;
      total.plays += 1;
      totals.set(play.track, total);
    }
    return [...totals.values()].sort((a, b) => b.plays - a.plays || b.msPlayed - a.msPlayed || a.track - b.track);
  }

  private rangePlays(userId: string, nowMs: number, range: TopRange): Play[] {
    return this.plays(userId, nowMs - TOP_RANGE_DAYS[range] * DAY_MS, nowMs).filter((play) => play.msPlayed >= MIN_COUNTED_MS);
  }

  private day(model: ListenerModel, day: number): Float64Array {
    const key = `${model.userId}\u0000${model.version}\u0000${day}`;
    let packed = this.days.get(key);
    if (!packed) {
      packed = generateDay(model, this.catalogue, day, (n) => this.trackCdf(n));
      this.days.set(key, packed);
    }
    return packed;
  }

  /** Zipf (s = 0.9) over an artist's n tracks; one shared table per n. */
  private trackCdf(n: number): Float64Array {
    let cdf = this.trackCdfs.get(n);
    if (!cdf) {
      cdf = zipfCdf(n, 0.9);
      this.trackCdfs.set(n, cdf);
    }
    return cdf;
  }
}

function buildModel(userId: string, profile: ListenerProfile, catalogue: Catalogue, version: number): ListenerModel {
  const seed = hashString(`taste:${profile.seed}`);
  const random = mulberry32(mixSeed(seed, 1));
  const size = Math.max(1, Math.min(Math.round(profile.librarySize), catalogue.artists.length));
  const chosen = new Set<number>();
  for (let attempts = 0; chosen.size < size && attempts < size * 50; attempts++) {
    chosen.add(drawIndex(random, catalogue.artistPopularityCdf));
  }
  for (let i = 0; chosen.size < size; i++) chosen.add(i);
  const ranked = [...chosen]
    .map((artist) => ({ artist, key: Math.log(artist + 1) + normal(random) * 1.3 }))
    .sort((a, b) => a.key - b.key)
    .map(({ artist }) => artist);
  return {
    userId,
    profile,
    seed,
    library: Int32Array.from(ranked),
    libraryCdf: zipfCdf(ranked.length, profile.zipfExponent),
    version,
  };
}

function generateDay(model: ListenerModel, catalogue: Catalogue, day: number, trackCdf: (n: number) => Float64Array): Float64Array {
  const { profile } = model;
  if (profile.hoursPerDay <= 0) return EMPTY_DAY;
  const random = mulberry32(mixSeed(model.seed, day + 0x5bd1e995));
  if (random() < profile.offDayRate) return EMPTY_DAY;

  const weekday = (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday; 0 = Sunday
  const weekend = weekday === 0 || weekday === 6;
  // Log-normal day-to-day variation with mean 1, scaled so off days do not lower the average.
  const sigma = 0.45;
  const factor = Math.exp(normal(random) * sigma - (sigma * sigma) / 2);
  let remaining = Math.min(14 * HOUR_MS, (profile.hoursPerDay * HOUR_MS * factor) / (1 - Math.min(profile.offDayRate, 0.9)));
  const lengths: number[] = [];
  while (remaining > 4 * MINUTE_MS && lengths.length < 10) {
    const length = Math.min(remaining, Math.min(4 * HOUR_MS, Math.max(8 * MINUTE_MS, exponential(random, 50 * MINUTE_MS))));
    lengths.push(length);
    remaining -= length;
  }
  const hours = weekend ? WEEKEND_HOURS : WEEKDAY_HOURS;
  // Whole milliseconds throughout: `played_at` and the cursors are integer ms.
  const starts = lengths.map(() => (FIRST_HOUR + drawIndex(random, hours)) * HOUR_MS + Math.floor(random() * HOUR_MS)).sort((a, b) => a - b);

  const dayStart = day * DAY_MS - profile.utcOffsetMinutes * MINUTE_MS;
  const out: number[] = [];
  let previousEnd = -Infinity;
  for (let s = 0; s < lengths.length; s++) {
    let t = dayStart + starts[s];
    if (t < previousEnd + 10 * MINUTE_MS) t = previousEnd + intBetween(random, 10, 45) * MINUTE_MS;
    if (t > dayStart + LAST_START_MS) break;
    const sessionEnd = t + lengths[s];
    const platform = Math.max(0, PLATFORMS.indexOf(pick(random, profile.platforms) as (typeof PLATFORMS)[number]));
    const shuffle = random() < 0.4;
    const offline = random() < 0.02;
    let artist = -1;
    let track = -1;
    let previousReasonEnd = -1;
    while (t < sessionEnd && t <= dayStart + LAST_START_MS) {
      if (artist < 0 || random() >= STAY_WITH_ARTIST) artist = model.library[drawIndex(random, model.libraryCdf)];
      track = chooseTrack(random, catalogue, model, artist, track, trackCdf);
      const duration = catalogue.tracks[track].durationMs;
      const roll = random();
      let msPlayed: number;
      let reasonEnd: number;
      if (roll < 0.8) [msPlayed, reasonEnd] = [duration, 0];
      else if (roll < 0.93) [msPlayed, reasonEnd] = [intBetween(random, 1_500, MIN_COUNTED_MS - 1), 1];
      else [msPlayed, reasonEnd] = [intBetween(random, MIN_COUNTED_MS, duration - 1), random() < 0.8 ? 1 : 2];
      const endedAt = t + msPlayed;
      const last = endedAt + 2_000 >= sessionEnd;
      if (last && reasonEnd !== 0) reasonEnd = 3; // the listener stopped: endplay
      const reasonStart = previousReasonEnd < 0 ? pick(random, [1, 1, 4, 5]) : previousReasonEnd === 0 ? 0 : previousReasonEnd === 2 ? 3 : 2;
      const skipped = reasonEnd === 1 || reasonEnd === 2;
      out.push(endedAt, track, msPlayed, reasonStart | (reasonEnd << 3) | (+shuffle << 6) | (+skipped << 7) | (+offline << 8) | (platform << 9));
      previousReasonEnd = reasonEnd;
      t = endedAt + (random() < 0.92 ? intBetween(random, 0, 1_500) : intBetween(random, 10_000, 6 * MINUTE_MS));
    }
    previousEnd = t;
  }
  return Float64Array.from(out);
}

function chooseTrack(
  random: Random,
  catalogue: Catalogue,
  model: ListenerModel,
  artist: number,
  previous: number,
  trackCdf: (n: number) => Float64Array,
): number {
  const tracks = catalogue.artists[artist].tracks;
  const n = tracks.length;
  // Each listener has their own favourites among an artist's tracks: a per-user rotation.
  const rotation = mixSeed(model.seed, artist) % n;
  let index = (drawIndex(random, trackCdf(n)) + rotation) % n;
  if (tracks[index] === previous && n > 1) index = (index + 1) % n;
  return tracks[index];
}

function decode(packed: Float64Array, i: number, model: ListenerModel): Play {
  const flags = packed[i + 3];
  const msPlayed = packed[i + 2];
  return {
    endedAt: packed[i],
    startedAt: packed[i] - msPlayed,
    track: packed[i + 1],
    msPlayed,
    reasonStart: REASONS_START[flags & 7],
    reasonEnd: REASONS_END[(flags >> 3) & 7],
    shuffle: ((flags >> 6) & 1) === 1,
    skipped: ((flags >> 7) & 1) === 1,
    offline: ((flags >> 8) & 1) === 1,
    incognito: false,
    platform: PLATFORMS[(flags >> 9) & 7] ?? model.profile.platforms[0] ?? 'android',
  };
}
