import { describe, expect, it } from 'vitest';
import { generateCatalogue, getCatalogue, MAX_TRACK_MS, MIN_TRACK_MS } from './catalogue.js';
import { SPOTIFY_ID_PATTERN } from './prng.js';

const catalogue = getCatalogue();
const share = (count: number, total: number) => count / total;

describe('generated catalogue', () => {
  it('is the same for the same seed and different for another', () => {
    const again = generateCatalogue();
    expect(again.artists.map((a) => [a.id, a.name, a.country, a.genres.join()])).toEqual(catalogue.artists.map((a) => [a.id, a.name, a.country, a.genres.join()]));
    expect(again.tracks.map((t) => [t.id, t.name, t.durationMs, t.artists.join()])).toEqual(catalogue.tracks.map((t) => [t.id, t.name, t.durationMs, t.artists.join()]));
    const other = generateCatalogue({ seed: 'another', artists: 200, tracks: 800 });
    expect(other.artists[0].id).not.toBe(catalogue.artists[0].id);
    expect(other.tracks).toHaveLength(800);
  });

  it('has 5,000 artists and 20,000 tracks with unique base62 ids', () => {
    expect(catalogue.artists).toHaveLength(5000);
    expect(catalogue.tracks).toHaveLength(20000);
    const ids = [...catalogue.artists, ...catalogue.tracks, ...catalogue.albums].map((x) => x.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => SPOTIFY_ID_PATTERN.test(id))).toBe(true);
  });

  it('gives every artist a unique name and every artist unique track names, so exports can be matched by name', () => {
    expect(new Set(catalogue.artists.map((a) => a.name)).size).toBe(5000);
    for (const artist of catalogue.artists) {
      const names = [...artist.tracks].map((t) => catalogue.tracks[t].name);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('credits 2-4 artists on about 15% of tracks, the primary artist first', () => {
    const multi = catalogue.tracks.filter((t) => t.artists.length > 1);
    expect(share(multi.length, 20000)).toBeGreaterThan(0.12);
    expect(share(multi.length, 20000)).toBeLessThan(0.18);
    expect(Math.max(...multi.map((t) => t.artists.length))).toBe(4);
    expect(multi.some((t) => t.artists.length === 3)).toBe(true);
    for (const track of multi) {
      expect(new Set(track.artists).size).toBe(track.artists.length);
      expect(catalogue.albums[track.album].artist).toBe(track.artists[0]);
    }
  });

  it('has realistic durations between 90 s and 7 min, centred around 3-4 minutes', () => {
    const durations = catalogue.tracks.map((t) => t.durationMs).sort((a, b) => a - b);
    expect(durations[0]).toBeGreaterThanOrEqual(MIN_TRACK_MS);
    expect(durations[durations.length - 1]).toBeLessThanOrEqual(MAX_TRACK_MS);
    const median = durations[durations.length / 2];
    expect(median).toBeGreaterThan(180_000);
    expect(median).toBeLessThan(240_000);
  });

  it('gives ~20% of artists several genres, some none, and spreads artists over 40+ countries', () => {
    const several = catalogue.artists.filter((a) => a.genres.length > 1).length;
    expect(share(several, 5000)).toBeGreaterThan(0.15);
    expect(share(several, 5000)).toBeLessThan(0.25);
    expect(catalogue.artists.some((a) => a.genres.length === 0)).toBe(true);
    const countries = new Set(catalogue.artists.map((a) => a.country).filter((c) => c !== null));
    expect(countries.size).toBeGreaterThanOrEqual(40);
    expect(catalogue.artists.some((a) => a.country === null)).toBe(true);
  });

  it('flags some artists inactive and ranks popularity by the global order', () => {
    const inactive = catalogue.artists.filter((a) => !a.active).length;
    expect(share(inactive, 5000)).toBeGreaterThan(0.04);
    expect(share(inactive, 5000)).toBeLessThan(0.12);
    const mean = (from: number, to: number) => catalogue.artists.slice(from, to).reduce((s, a) => s + a.popularity, 0) / (to - from);
    expect(mean(0, 50)).toBeGreaterThan(mean(4000, 5000) + 40);
    expect(catalogue.artists.every((a) => a.popularity >= 0 && a.popularity <= 100)).toBe(true);
  });

  it('puts every track on exactly one release of its primary artist, numbered from 1', () => {
    const seen = new Set<number>();
    const wrong: string[] = [];
    for (const album of catalogue.albums) {
      if (album.tracks.length === 0) wrong.push(`${album.id} is empty`);
      album.tracks.forEach((t, i) => {
        if (catalogue.tracks[t].album !== album.index || catalogue.tracks[t].trackNumber !== i + 1) wrong.push(`${catalogue.tracks[t].id} on ${album.id}`);
        seen.add(t);
      });
    }
    expect(wrong).toEqual([]);
    expect(seen.size).toBe(20000);
    expect(new Set(catalogue.albums.map((a) => a.type))).toEqual(new Set(['album', 'single', 'compilation']));
  });
});
