import { randomBytes } from 'node:crypto';
import { Database } from '#pie/platform';
import { writePlays, type IncomingPlay } from '#pie/listening/testing';
import { approve } from '../../../apps/sandbox/src/oauth/oauth-test-client.js';
import type { Sql } from '../../support/sql.js';
import { roundTripCookie, type TestPlatform } from '../../support/test-platform.js';

/*
 * Factories for the listening tests: catalogue entries, plays (through the module's own batch
 * writer, as ingestion writes them), a Spotify connection through the sandbox's OAuth flow, and
 * the sandbox's streaming controls.
 */

export interface CatalogueTrack {
  id: string;
  providerId: string;
  name: string;
  artistIds: string[];
}

const base62 = () => randomBytes(16).toString('base64url').replace(/[-_]/g, 'x').slice(0, 22);

/** An artist with metadata (not orphaned). */
export async function makeArtist(sql: Sql, overrides: Partial<{ name: string; country: string | null; active: boolean; popularity: number; genres: string[] }> = {}): Promise<string> {
  const [row] = await sql.query<{ id: string }>(
    `insert into listening.artists (provider_id, name, country, active, popularity, genres, metadata_fetched_at)
     values ($1, $2, $3, $4, $5, $6, now()) returning id`,
    [base62(), overrides.name ?? `Artist ${randomBytes(3).toString('hex')}`, overrides.country ?? null, overrides.active ?? true, overrides.popularity ?? 0, overrides.genres ?? []],
  );
  return row.id;
}

/** A track with metadata crediting `artistIds` in order. */
export async function makeTrack(sql: Sql, artistIds: string[], overrides: Partial<{ name: string; durationMs: number; album: string }> = {}): Promise<CatalogueTrack> {
  const providerId = base62();
  const name = overrides.name ?? `Track ${randomBytes(3).toString('hex')}`;
  const [track] = await sql.query<{ id: string }>(
    `insert into listening.tracks (provider_id, name, match_key, duration_ms, album, metadata_fetched_at)
     values ($1, $2, (select lower(name) from listening.artists where id = $3) || chr(9247) || lower($2), $4, $5, now()) returning id`,
    [providerId, name, artistIds[0], overrides.durationMs ?? 200_000, overrides.album ?? 'An Album'],
  );
  for (const [position, artistId] of artistIds.entries()) {
    await sql.query(`insert into listening.track_artists (track_id, artist_id, position) values ($1, $2, $3)`, [track.id, artistId, position]);
  }
  return { id: track.id, providerId, name, artistIds };
}

/** Plays of catalogue tracks, written by the module's batch writer. */
export async function seedPlays(
  platform: TestPlatform,
  fanId: string,
  plays: { track: CatalogueTrack; at: Date; ms?: number }[],
): Promise<number> {
  const rows: IncomingPlay[] = plays.map(({ track, at, ms }) => ({
    fanId,
    playedAt: at,
    msPlayed: ms ?? 180_000,
    source: 'recently-played',
    providerTrackId: track.providerId,
    trackName: track.name,
    artistName: 'unused: the track is known',
    album: null,
  }));
  const result = await writePlays(platform.api.get(Database), rows);
  return result.inserted;
}

export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** Links the sandbox Spotify account to a signed-in fan, as "Connect Spotify" in settings does. */
export async function connectSpotify(platform: TestPlatform, cookies: Record<string, string>, spotifyAccountId: string): Promise<void> {
  const start = await platform.request('POST', '/api/auth/link-spotify', { cookies });
  if (start.status !== 200) throw new Error(`link-spotify answered ${start.status}: ${JSON.stringify(start.body)}`);
  const callback = await approve(start.body.data.url, spotifyAccountId);
  const back = await platform.request('GET', `${callback.pathname}${callback.search}`, { cookies: { ...cookies, ...roundTripCookie(start) } });
  if (back.status !== 302 || !String(back.headers.location).includes('linked=spotify')) {
    throw new Error(`Spotify link failed: ${back.status} ${String(back.headers.location)}`);
  }
}

/** A JSON call to the sandbox providers (`/spotify/__admin/…`, `/spotify/__sandbox/…`). */
export async function sandbox(platform: TestPlatform, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${platform.sandbox.urls.providers}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`sandbox ${method} ${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** No random 5xx: tests that want faults force them. */
export async function calmSandbox(platform: TestPlatform): Promise<void> {
  await sandbox(platform, 'POST', '/spotify/__admin/faults', { rate: 0 });
}

/**
 * The listeners' UTC offset that puts them at 03:30 local time now: the sandbox's listeners never
 * play between 02:00 and 06:00, so no play ends while a test runs and counts are exact.
 */
export function quietUtcOffsetMinutes(now = new Date()): number {
  const utcMinutes = now.getUTCHours() * 60 + now.getUTCMinutes();
  const offset = (((3.5 * 60 - utcMinutes) % 1440) + 1440) % 1440;
  return offset >= 720 ? offset - 1440 : offset;
}
