import type { Catalogue } from '../streaming/catalogue.js';
import type { ListeningGenerator } from '../streaming/listening.js';
import { hashString, mixSeed } from '../streaming/prng.js';

/** The longest generated track: a play that ended by `t` started no earlier than `t` minus this. */
const LONGEST_TRACK_MS = 420_000;
/** Last.fm's and ListenBrainz's scrobble rule: a track over 30 s, played half way or 4 minutes. */
const MIN_TRACK_MS = 30_000;
const ENOUGH_MS = 240_000;
/** ~15% of recordings have no MusicBrainz mapping, as on ListenBrainz. */
const UNMAPPED_SHARE = 0.15;

/** One scrobble: the play's start (what scrobblers submit) and the track, by the generator's catalogue. */
export interface Scrobble {
  /** Seconds since the epoch: when the play started (Last.fm `date.uts`, ListenBrainz `listened_at`). */
  listenedAt: number;
  /** When it ended (ms): the scrobble is submitted then, so it exists from that moment. */
  endedAt: number;
  track: number;
  msPlayed: number;
}

/** Whether the play would be scrobbled (the services' rule, applied by every scrobbling player). */
export function scrobbles(durationMs: number, msPlayed: number): boolean {
  return durationMs > MIN_TRACK_MS && msPlayed >= Math.min(durationMs / 2, ENOUGH_MS);
}

/**
 * A scrobbling account's history: the scrobbled plays of one generated listener. An account that
 * mirrors a streaming-provider listener (same id) has the same plays Spotify's recently-played
 * and export report, so an app that reads both sees the same listens twice.
 */
export class ScrobbledListens {
  /** Scrobbles a player submitted late (kept offline, sent when back), per listener. */
  private readonly late = new Map<string, Scrobble[]>();

  /** The streaming stand-in's generator, asked for lazily: its catalogue is built on first use. */
  constructor(private readonly generator: () => ListeningGenerator) {}

  /**
   * A play of `track` that started at `listenedAt` (seconds), submitted only at `submittedAtMs`: from
   * then on it is in the history at its own time, behind listens the service already had.
   */
  submitLate(listener: string, track: number, listenedAt: number, submittedAtMs: number): Scrobble {
    const durationMs = this.catalogue.tracks[track].durationMs;
    const scrobble: Scrobble = { listenedAt, endedAt: submittedAtMs, track, msPlayed: durationMs };
    this.late.set(listener, [...(this.late.get(listener) ?? []), scrobble]);
    return scrobble;
  }

  private get listening(): ListeningGenerator {
    return this.generator();
  }

  get catalogue(): Catalogue {
    return this.generator().catalogue;
  }

  /** Scrobbles that started in (fromSeconds, toSeconds) and ended by `nowMs`, oldest first. */
  between(listener: string, fromSeconds: number, toSeconds: number, nowMs: number): Scrobble[] {
    const plays = this.listening.plays(listener, fromSeconds * 1000, Math.min(toSeconds * 1000 + LONGEST_TRACK_MS, nowMs), nowMs);
    const result: Scrobble[] = [];
    for (const play of plays) {
      const listenedAt = Math.floor(play.startedAt / 1000);
      if (listenedAt <= fromSeconds || listenedAt >= toSeconds) continue;
      if (!scrobbles(this.catalogue.tracks[play.track].durationMs, play.msPlayed)) continue;
      result.push({ listenedAt, endedAt: play.endedAt, track: play.track, msPlayed: play.msPlayed });
    }
    for (const scrobble of this.late.get(listener) ?? []) {
      if (scrobble.listenedAt > fromSeconds && scrobble.listenedAt < toSeconds && scrobble.endedAt <= nowMs) result.push(scrobble);
    }
    return result.sort((a, b) => a.listenedAt - b.listenedAt || a.track - b.track);
  }

  /** Every scrobble of the listener's history as of `nowMs`, oldest first. */
  all(listener: string, nowMs: number): Scrobble[] {
    return this.between(listener, Math.floor(this.listening.historyStart(nowMs) / 1000) - 1, Math.ceil(nowMs / 1000) + 1, nowMs);
  }

  /** When the listener's generated history starts (ms): the account's registration. */
  historyStart(nowMs: number): number {
    return this.listening.historyStart(nowMs);
  }

  /** The track the listener is playing at `nowMs` (started, not ended), or null: Last.fm's "now playing". */
  playingAt(listener: string, nowMs: number): number | null {
    const play = this.listening.plays(listener, nowMs, nowMs + LONGEST_TRACK_MS, nowMs + LONGEST_TRACK_MS).find((p) => p.startedAt <= nowMs && p.endedAt > nowMs);
    return play ? play.track : null;
  }

  /** MusicBrainz ids, stable per catalogue entry; null for recordings MusicBrainz has no mapping for. */
  recordingMbid(track: number): string | null {
    return hashString(`${this.catalogue.seed}:mapped:${track}`) / 2 ** 32 < UNMAPPED_SHARE ? null : uuidFrom(`${this.catalogue.seed}:recording:${track}`);
  }

  artistMbid(artist: number): string {
    return uuidFrom(`${this.catalogue.seed}:artist:${artist}`);
  }

  releaseMbid(album: number): string {
    return uuidFrom(`${this.catalogue.seed}:release:${album}`);
  }
}

/** A version-4-shaped UUID derived from a string (stable, not random). */
export function uuidFrom(text: string): string {
  let hex = '';
  for (let i = 0; hex.length < 32; i++) hex += mixSeed(hashString(text), i).toString(16).padStart(8, '0');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
