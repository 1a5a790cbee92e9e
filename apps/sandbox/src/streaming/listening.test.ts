import { describe, expect, it } from 'vitest';
import { getCatalogue } from './catalogue.js';
import { DAY_MS, defaultListenerProfile, ListeningGenerator, MIN_COUNTED_MS, type Play } from './listening.js';

const catalogue = getCatalogue();
const NOW = Date.UTC(2030, 0, 15, 21, 0, 0);
const HOUR = 3_600_000;

function history(generator: ListeningGenerator, userId: string, now = NOW): Play[] {
  return generator.plays(userId, generator.historyStart(now), now);
}

describe('generated listening', () => {
  it('gives the same user the same plays in any generator, and other users other plays', () => {
    const a = history(new ListeningGenerator({ catalogue }), 'listener2');
    const b = history(new ListeningGenerator({ catalogue }), 'listener2');
    expect(a.length).toBeGreaterThan(1000);
    expect(b).toEqual(a);
    const other = history(new ListeningGenerator({ catalogue }), 'listener3');
    expect(other.slice(0, 20).map((p) => p.endedAt)).not.toEqual(a.slice(0, 20).map((p) => p.endedAt));
  });

  it('does not rewrite the past as time passes: a later window repeats the overlap exactly', () => {
    const generator = new ListeningGenerator({ catalogue });
    const earlier = generator.plays('fan-77', NOW - 10 * DAY_MS, NOW);
    const later = new ListeningGenerator({ catalogue }).plays('fan-77', NOW - 10 * DAY_MS, NOW + 3 * DAY_MS, NOW + 3 * DAY_MS);
    expect(later.slice(0, earlier.length)).toEqual(earlier);
    expect(later.length).toBeGreaterThan(earlier.length);
  });

  it("generates a heavy listener's 120-day timeline well under 100 ms", () => {
    // Fresh generators (nothing cached); the best of three keeps a GC pause from deciding.
    const timings: number[] = [];
    for (let run = 0; run < 3; run++) {
      const generator = new ListeningGenerator({ catalogue });
      const started = performance.now();
      const plays = history(generator, 'listener1');
      timings.push(performance.now() - started);
      expect(plays.length).toBeGreaterThan(10_000);
    }
    expect(Math.min(...timings)).toBeLessThan(100);
  });

  it('follows a Zipf-like distribution over artists: the favourite far above the median artist', () => {
    const generator = new ListeningGenerator({ catalogue });
    for (const user of ['listener1', 'listener3', 'someone-else']) {
      const top = generator.topArtists(user, NOW, 'long_term');
      const total = top.reduce((sum, t) => sum + t.msPlayed, 0);
      const median = top[Math.floor(top.length / 2)].msPlayed;
      expect(top[0].msPlayed / total).toBeGreaterThan(0.08);
      expect(top[0].msPlayed).toBeGreaterThan(50 * median);
      // Rank-frequency slope on a log-log scale, ranks 1-30: about -1 (s ≈ 1.1, blurred by credits).
      const counts = top.slice(0, 30).map((t) => Math.log(t.plays));
      const ranks = counts.map((_, i) => Math.log(i + 1));
      const slope = regressionSlope(ranks, counts);
      expect(slope).toBeLessThan(-0.6);
      expect(slope).toBeGreaterThan(-1.6);
    }
  });

  it('spaces plays realistically: no overlaps, whole or partial tracks, quiet nights, some days off', () => {
    const generator = new ListeningGenerator({ catalogue });
    const profile = generator.profile('listener2');
    const plays = history(generator, 'listener2');
    for (let i = 1; i < plays.length; i++) expect(plays[i].startedAt).toBeGreaterThanOrEqual(plays[i - 1].endedAt);
    expect(plays.every((p) => Number.isInteger(p.endedAt) && Number.isInteger(p.msPlayed))).toBe(true);
    for (const play of plays) expect(play.msPlayed).toBeLessThanOrEqual(catalogue.tracks[play.track].durationMs);
    const full = plays.filter((p) => p.msPlayed === catalogue.tracks[p.track].durationMs).length;
    expect(full / plays.length).toBeGreaterThan(0.7);
    const short = plays.filter((p) => p.msPlayed < MIN_COUNTED_MS);
    expect(short.length).toBeGreaterThan(0);
    // Cut short by the next button, or by the listener stopping at the end of a session.
    expect(short.every((p) => (p.skipped && p.reasonEnd === 'fwdbtn') || p.reasonEnd === 'endplay')).toBe(true);
    const localHour = (ms: number) => new Date(ms + profile.utcOffsetMinutes * 60_000).getUTCHours();
    expect(plays.filter((p) => localHour(p.startedAt) >= 3 && localHour(p.startedAt) < 6)).toEqual([]);
    const days = new Set(plays.map((p) => Math.floor((p.endedAt + profile.utcOffsetMinutes * 60_000) / DAY_MS)));
    expect(days.size).toBeLessThan(120);
    expect(days.size).toBeGreaterThan(80);
  });

  it('keeps about hoursPerDay of listening per day', () => {
    const generator = new ListeningGenerator({ catalogue });
    for (const user of ['listener1', 'listener2', 'listener3']) {
      const plays = history(generator, user);
      const hoursPerDay = plays.reduce((sum, p) => sum + p.msPlayed, 0) / HOUR / 120;
      const expected = generator.profile(user).hoursPerDay;
      expect(hoursPerDay).toBeGreaterThan(expected * 0.75);
      expect(hoursPerDay).toBeLessThan(expected * 1.25);
    }
  });

  it('reaches back historyDays and no further', () => {
    const generator = new ListeningGenerator({ catalogue, historyDays: 30 });
    const plays = generator.plays('listener1', 0, NOW);
    expect(plays[0].endedAt).toBeGreaterThan(NOW - 30 * DAY_MS);
    expect(plays[0].endedAt).toBeLessThan(NOW - 29 * DAY_MS);
    expect(plays[plays.length - 1].endedAt).toBeLessThanOrEqual(NOW);
  });

  it('recent(): the last 50 counted plays, newest first, only those already finished', () => {
    const generator = new ListeningGenerator({ catalogue });
    const recent = generator.recent('listener1', NOW, 50);
    expect(recent).toHaveLength(50);
    expect(recent.every((p) => p.msPlayed >= MIN_COUNTED_MS && p.endedAt <= NOW)).toBe(true);
    for (let i = 1; i < recent.length; i++) expect(recent[i].endedAt).toBeLessThan(recent[i - 1].endedAt);
    const all = history(generator, 'listener1').filter((p) => p.msPlayed >= MIN_COUNTED_MS);
    expect(recent).toEqual(all.slice(-50).reverse());
  });

  it('continues live: plays keep arriving as the clock moves', () => {
    const generator = new ListeningGenerator({ catalogue });
    const before = generator.recent('listener1', NOW, 1)[0];
    const later = NOW + 2 * DAY_MS;
    const fresh = generator.plays('listener1', before.endedAt, later, later);
    expect(fresh.length).toBeGreaterThan(20);
    const newest = generator.recent('listener1', later, 1)[0];
    expect(newest.endedAt).toBeGreaterThan(before.endedAt);
    expect(fresh).toContainEqual(newest);
  });

  it('serves any user id, and an overridden profile changes that user only', () => {
    const generator = new ListeningGenerator({ catalogue });
    expect(defaultListenerProfile('any.user_1')).toEqual(defaultListenerProfile('any.user_1'));
    expect(history(generator, 'any.user_1').length).toBeGreaterThan(100);
    const listener2 = history(generator, 'listener2');
    generator.setProfile('any.user_1', { hoursPerDay: 0 });
    expect(history(generator, 'any.user_1')).toEqual([]);
    expect(generator.recent('any.user_1', NOW, 50)).toEqual([]);
    expect(history(generator, 'listener2')).toEqual(listener2);
    generator.setProfile('any.user_1', null);
    expect(history(generator, 'any.user_1').length).toBeGreaterThan(100);
  });

  it('bounds memory with LRU caches', () => {
    const generator = new ListeningGenerator({ catalogue, modelCacheSize: 5, dayCacheSize: 50 });
    for (let i = 0; i < 20; i++) generator.recent(`user-${i}`, NOW, 50);
    const internals = generator as unknown as { models: { size: number }; days: { size: number } };
    expect(internals.models.size).toBeLessThanOrEqual(5);
    expect(internals.days.size).toBeLessThanOrEqual(50);
  });
});

function regressionSlope(xs: number[], ys: number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return num / den;
}
