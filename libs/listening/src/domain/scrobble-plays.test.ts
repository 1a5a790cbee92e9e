import { describe, expect, it } from 'vitest';
import { MAX_PRECISION_SECONDS } from './listening.constants.js';
import { SCROBBLE_MAX_LISTENED_MS, SCROBBLE_MIN_HEARD_MS, SCROBBLE_UNKNOWN_LENGTH_WINDOW_S, scrobblePlay, type Scrobble } from './scrobble-plays.js';

const scrobble = (overrides: Partial<Scrobble> = {}): Scrobble => ({
  fanId: 'fan',
  source: 'listenbrainz',
  startedAtSeconds: 1_900_000_000,
  durationMs: 200_000,
  trackName: 'Song',
  artistName: 'Band',
  album: null,
  ...overrides,
});

/** The writer's window for a play's end: [playedAt, playedAt + precision). */
const window = (s: Scrobble) => {
  const play = scrobblePlay(s);
  return [play.playedAt.getTime(), play.playedAt.getTime() + (play.precisionSeconds ?? 1) * 1000];
};

describe('scrobblePlay', () => {
  it('puts the end of any play the scrobble rule counts inside the window, from half the track to its end', () => {
    const [from, to] = window(scrobble());
    const start = 1_900_000_000_000;
    for (const heard of [100_000, 150_000, 200_000]) {
      expect(start + heard).toBeGreaterThanOrEqual(from);
      expect(start + heard).toBeLessThan(to);
    }
    // The next play of the same track ends a whole track later: outside.
    expect(start + 200_000 + 200_000).toBeGreaterThan(to);
  });

  it('starts a long track’s window at 4 minutes and ends it at the track’s end, never wider than the writer reads', () => {
    const start = 1_900_000_000_000;
    const [from, to] = window(scrobble({ durationMs: 600_000 }));
    expect(from).toBe(start + 240_000);
    // A 10-minute track heard to the end (a poll's played_at) or skipped at 5 minutes: inside.
    for (const heard of [300_000, 599_000, 600_000]) expect(start + heard).toBeLessThan(to);
    // Its next play ends ten minutes later: outside.
    expect(start + 1_200_000).toBeGreaterThan(to);
    expect(scrobblePlay(scrobble({ durationMs: 3 * 3_600_000 })).precisionSeconds).toBe(MAX_PRECISION_SECONDS);
  });

  it('takes the track’s length as listened time, capped, and the guaranteed 30 s when the length is unknown', () => {
    expect(scrobblePlay(scrobble()).msPlayed).toBe(200_000);
    expect(scrobblePlay(scrobble({ durationMs: 3 * 3_600_000 })).msPlayed).toBe(SCROBBLE_MAX_LISTENED_MS);
    const unknown = scrobblePlay(scrobble({ durationMs: null }));
    expect(unknown.msPlayed).toBe(SCROBBLE_MIN_HEARD_MS);
    expect(unknown.playedAt.getTime()).toBe(1_900_000_000_000 + 30_000);
    expect(unknown.precisionSeconds).toBe(SCROBBLE_UNKNOWN_LENGTH_WINDOW_S + 1);
  });

  it('names the track without a provider id, so the writer matches it by name', () => {
    expect(scrobblePlay(scrobble())).toMatchObject({ providerTrackId: null, source: 'listenbrainz', trackName: 'Song', artistName: 'Band' });
  });
});
