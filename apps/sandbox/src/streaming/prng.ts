/*
 * Small deterministic randomness toolkit: everything the streaming stand-in generates (catalogue,
 * tastes, listening days, fault decisions) comes from a seeded mulberry32 stream, so the same
 * seed always yields the same data on every machine and Node version.
 */

/** A uniform number in [0, 1). */
export type Random = () => number;

/** mulberry32: a tiny, fast 32-bit PRNG; good enough for test data, not for secrets. */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit hash of a string (cyrb53's mixing, folded to 32 bits). */
export function hashString(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

/** Combines two 32-bit values into a new well-mixed seed (murmur3's finaliser). */
export function mixSeed(a: number, b: number): number {
  let h = (a ^ Math.imul(b + 0x9e3779b9, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** An integer in [min, max] (both inclusive). */
export function intBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

/** A standard normal variate (Box-Muller). */
export function normal(random: Random): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** An exponential variate with the given mean. */
export function exponential(random: Random, mean: number): number {
  return -Math.log(1 - random()) * mean;
}

/** Cumulative distribution of `weights` (not normalised: the last entry is the total). */
export function cumulative(weights: ArrayLike<number>): Float64Array {
  const cdf = new Float64Array(weights.length);
  let total = 0;
  for (let i = 0; i < weights.length; i++) {
    total += weights[i];
    cdf[i] = total;
  }
  return cdf;
}

/** Draws an index from a cumulative distribution built by `cumulative` (binary search). */
export function drawIndex(random: Random, cdf: Float64Array): number {
  const target = random() * cdf[cdf.length - 1];
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cdf[mid] > target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Zipf weights 1/r^s for ranks 1..n, as a cumulative distribution. */
export function zipfCdf(n: number, s: number): Float64Array {
  const weights = new Float64Array(n);
  for (let r = 0; r < n; r++) weights[r] = 1 / Math.pow(r + 1, s);
  return cumulative(weights);
}

const BASE62 = Array.from('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (c) => c.charCodeAt(0));

/** A Spotify-style id: 22 base62 characters. */
export function base62Id(random: Random, length = 22): string {
  const codes = new Array<number>(length);
  for (let i = 0; i < length; i++) codes[i] = BASE62[Math.floor(random() * 62)];
  // One flat string (not a rope of 22 pieces): cheap to hash in the id maps.
  return String.fromCharCode(...codes);
}

/** `count` random decimal digits. */
export function randomDigits(random: Random, count: number): string {
  const codes = new Array<number>(count);
  for (let i = 0; i < count; i++) codes[i] = 48 + Math.floor(random() * 10);
  return String.fromCharCode(...codes);
}

/** What Spotify accepts as an id: base62, 22 characters. */
export const SPOTIFY_ID_PATTERN = /^[0-9A-Za-z]{22}$/;

/** A bounded map that forgets the least recently used entry (memory stays bounded). */
export class LruCache<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as K);
  }

  /** Removes every entry whose key matches. */
  deleteWhere(predicate: (key: K) => boolean): void {
    for (const key of [...this.map.keys()]) if (predicate(key)) this.map.delete(key);
  }

  get size(): number {
    return this.map.size;
  }
}
