import type { Database, EntityManager } from '#pie/platform';
import type { SpotifyArtist, SpotifyTrack } from '../provider/spotify-web-api.js';
import { intArray, textArray } from '#pie/platform';
import { lockCatalogue } from './catalogue-lock.js';
import { fansWhoPlayed, rebuildFanReadModels } from './fan-read-models.js';
import { samePlaySql } from './play-writer.js';

/** How an export row without a provider id finds its track: lower(primary artist) ␟ lower(track name). */
export const MATCH_KEY_SQL = (artist: string, track: string) => `lower(${artist}) || chr(9247) || lower(${track})`;

function largestImage(images: { url: string; width: number | null }[] | undefined): string | null {
  if (!images || images.length === 0) return null;
  return [...images].sort((a, b) => (b.width ?? 0) - (a.width ?? 0))[0].url;
}

/** The catalogue stores names of 1 to 500 characters; the provider's data is not trusted to keep to that. */
export function isStorableName(name: unknown): name is string {
  return typeof name === 'string' && name.trim().length > 0 && name.length <= 500;
}

/**
 * A track the catalogue can store: an id, a storable name and credited artists that all have an
 * id and a storable name. Anything else is one bad item, skipped (and logged by the caller) so it
 * never fails the rest of a poll.
 */
export function isStorableTrack(track: SpotifyTrack | null | undefined): track is SpotifyTrack {
  return Boolean(
    track?.id && isStorableName(track.name) && track.artists?.length && track.artists.every((artist) => artist?.id && isStorableName(artist.name)),
  );
}

export interface CatalogueWriteResult {
  /** Artists the catalogue had not seen: their images and genres still have to be fetched. */
  newArtists: number;
  /** Tracks created or whose metadata arrived now. */
  filledTracks: number;
}

/**
 * Writes full track objects (from recently-played or "several tracks") into the catalogue, in a
 * few set-based statements whatever the count: artists by provider id, tracks with their metadata
 * (an orphaned track gets it now), and the credited artists in order. Name-only entries the new
 * ones match (an export's orphans) are merged into them. Under the exclusive catalogue lock
 * (catalogue-lock.ts), taken first: no play writer runs meanwhile.
 */
export async function upsertTrackMetadata(em: EntityManager, input: SpotifyTrack[]): Promise<CatalogueWriteResult> {
  const tracks = storableTracks(input);
  if (tracks.length === 0) return { newArtists: 0, filledTracks: 0 };
  await lockCatalogue(em, 'exclusive');
  const artists = new Map<string, string>();
  for (const track of tracks) for (const artist of track.artists) if (artist.id && artist.name) artists.set(artist.id, artist.name);

  const newArtists = await em.execute<{ id: string }[]>(
    `insert into listening.artists (provider_id, name)
     select provider_id, name from unnest(?::text[], ?::text[]) as u(provider_id, name)
     on conflict (provider_id) do nothing
     returning id`,
    [textArray([...artists.keys()]), textArray([...artists.values()])],
  );
  if (newArtists.length > 0) await mergeOrphanArtists(em, newArtists.map((row) => row.id));

  const filled = await em.execute<{ id: string }[]>(
    `insert into listening.tracks as t (provider_id, name, match_key, duration_ms, album, image_url, metadata_fetched_at)
     select provider_id, name, ${MATCH_KEY_SQL('first_artist', 'name')}, duration_ms, album, image_url, now()
       from unnest(?::text[], ?::text[], ?::text[], ?::int[], ?::text[], ?::text[]) as u(provider_id, name, first_artist, duration_ms, album, image_url)
     on conflict (provider_id) do update set
       name = excluded.name, match_key = excluded.match_key, duration_ms = excluded.duration_ms,
       album = excluded.album, image_url = excluded.image_url, metadata_fetched_at = excluded.metadata_fetched_at
       where t.metadata_fetched_at is null
     returning id`,
    [
      textArray(tracks.map((track) => track.id)),
      textArray(tracks.map((track) => track.name)),
      textArray(tracks.map((track) => track.artists[0].name)),
      intArray(tracks.map((track) => track.duration_ms ?? null)),
      textArray(tracks.map((track) => track.album?.name ?? null)),
      textArray(tracks.map((track) => largestImage(track.album?.images))),
    ],
  );
  if (filled.length > 0) {
    const ids = textArray(filled.map((row) => row.id));
    // The provider's credits replace whatever a name-only import guessed.
    const guessed = await em.execute<{ artist_id: string }[]>(`delete from listening.track_artists where track_id = any(?::uuid[]) returning artist_id`, [ids]);
    const credits = tracks.flatMap((track) => track.artists.filter((artist) => artist.id).map((artist, position) => ({ track: track.id, artist: artist.id, position })));
    await em.execute(
      `insert into listening.track_artists (track_id, artist_id, position)
       select t.id, a.id, u.position
         from unnest(?::text[], ?::text[], ?::int[]) as u(track_pid, artist_pid, position)
         join listening.tracks t on t.provider_id = u.track_pid
         join listening.artists a on a.provider_id = u.artist_pid
        where t.id = any(?::uuid[])
       on conflict (track_id, artist_id) do nothing`,
      [textArray(credits.map((c) => c.track)), textArray(credits.map((c) => c.artist)), intArray(credits.map((c) => c.position)), ids],
    );
    // A name-only artist nothing credits any more is gone from the catalogue.
    // Locked first, so a credit an import is adding right now is seen (and the artist kept).
    if (guessed.length > 0) {
      const candidates = textArray([...new Set(guessed.map((row) => row.artist_id))]);
      await em.execute(`select id from listening.artists where id = any(?::uuid[]) and provider_id is null for update`, [candidates]);
      await em.execute(
        `delete from listening.artists a where a.id = any(?::uuid[]) and a.provider_id is null
           and not exists (select 1 from listening.track_artists ta where ta.artist_id = a.id)`,
        [candidates],
      );
    }
    await mergeOrphanTracks(em, filled.map((row) => row.id));
    // Credits replaced under plays already stored: those fans' artist figures are recomputed.
    await rebuildFanReadModels(em, await fansWhoPlayed(em, filled.map((row) => row.id)));
  }
  return { newArtists: newArtists.length, filledTracks: filled.length };
}

const storableTracks = (input: SpotifyTrack[]) => [...new Map(input.filter(isStorableTrack).map((track) => [track.id, track])).values()];

/**
 * A poll's tracks into the catalogue, in a transaction of its own (`also` runs in it: the poll's
 * outbox row). Most polls name tracks and artists the catalogue already has in full: then there
 * is nothing to write, and the poll does not take the exclusive lock (nor wait for the imports
 * writing meanwhile). Otherwise `upsertTrackMetadata`. (Rows with provider ids are never deleted:
 * what is complete stays complete.)
 */
export async function writeTrackMetadata(
  database: Database,
  input: SpotifyTrack[],
  also: (tx: EntityManager, result: CatalogueWriteResult) => Promise<void>,
): Promise<CatalogueWriteResult> {
  const tracks = storableTracks(input);
  if (tracks.length === 0) return { newArtists: 0, filledTracks: 0 };
  const artistIds = [...new Set(tracks.flatMap((track) => track.artists.map((artist) => artist.id)))];
  const [{ complete }] = await database.em().execute<{ complete: boolean }[]>(
    `select (select count(*) from listening.tracks where provider_id = any(?::text[]) and metadata_fetched_at is not null) = ?
        and (select count(*) from listening.artists where provider_id = any(?::text[])) = ? as complete`,
    [textArray(tracks.map((track) => track.id)), tracks.length, textArray(artistIds), artistIds.length],
  );
  if (complete) return { newArtists: 0, filledTracks: 0 };
  return database.transaction(async (tx) => {
    const result = await upsertTrackMetadata(tx, tracks);
    await also(tx, result);
    return result;
  });
}

/**
 * Artist metadata from "several artists": name, image, genres, and country/active where the source
 * has them. A rename rewrites the credits copy of the artist's tracks: under the exclusive lock, as a fill.
 */
export async function updateArtistMetadata(em: EntityManager, artists: SpotifyArtist[]): Promise<number> {
  const rows = artists
    .filter((artist) => artist?.id && isStorableName(artist.name))
    .map((artist) => ({
      provider_id: artist.id,
      name: artist.name,
      image_url: largestImage(artist.images),
      genres: (artist.genres ?? []).filter((genre) => typeof genre === 'string').slice(0, 20),
      country: typeof artist.country === 'string' && /^[A-Z]{2}$/.test(artist.country) ? artist.country : null,
      active: typeof artist.active === 'boolean' ? artist.active : null,
    }));
  if (rows.length === 0) return 0;
  await lockCatalogue(em, 'exclusive');
  const updated = await em.execute<{ id: string }[]>(
    `update listening.artists a set name = u.name, image_url = coalesce(u.image_url, a.image_url), genres = coalesce(u.genres, a.genres),
            country = coalesce(u.country, a.country), active = coalesce(u.active, a.active), metadata_fetched_at = now()
       from jsonb_to_recordset(?::jsonb) as u(provider_id text, name text, image_url text, genres text[], country text, active boolean)
      where a.provider_id = u.provider_id
      returning a.id`,
    [JSON.stringify(rows)],
  );
  return updated.length;
}

/** Counts a failed lookup; after enough of them the entry stays orphaned and is not asked for again. */
export async function recordCatalogueMisses(em: EntityManager, kind: 'tracks' | 'artists', providerIds: string[]): Promise<void> {
  if (providerIds.length === 0) return;
  await em.execute(`update listening.${kind} set fetch_attempts = fetch_attempts + 1 where provider_id = any(?::text[])`, [textArray(providerIds)]);
}

/**
 * A name-only ("orphan") artist created by an export is the same artist as a real one with that
 * name: its credits move to the real artist and the orphan goes. The orphans are locked first, so
 * a credit an import is adding to one right now is committed (and moved) before it goes.
 */
export async function mergeOrphanArtists(em: EntityManager, realArtistIds: string[]): Promise<void> {
  const pairs = await em.execute<{ orphan_id: string; real_id: string; mbid: string | null }[]>(
    `select o.id as orphan_id, o.mbid, (
       select r.id from listening.artists r
        where r.id = any(?::uuid[]) and r.provider_id is not null and lower(r.name) = lower(o.name)
        order by r.created_at limit 1
     ) as real_id
       from listening.artists o
      where o.provider_id is null
        and lower(o.name) in (select lower(name) from listening.artists where id = any(?::uuid[]) and provider_id is not null)
      for update`,
    [textArray(realArtistIds), textArray(realArtistIds)],
  );
  if (pairs.length === 0) return;
  const orphans = textArray(pairs.map((pair) => pair.orphan_id));
  const [{ tracks }] = await em.execute<{ tracks: string[] | null }[]>(
    `select array_agg(distinct track_id) as tracks from listening.track_artists where artist_id = any(?::uuid[])`,
    [orphans],
  );
  const affectedFans = await fansWhoPlayed(em, tracks ?? []);
  await em.execute(
    `insert into listening.track_artists (track_id, artist_id, position)
     select ta.track_id, m.real_id, ta.position
       from listening.track_artists ta join unnest(?::uuid[], ?::uuid[]) as m(orphan_id, real_id) on ta.artist_id = m.orphan_id
     on conflict do nothing`,
    [orphans, textArray(pairs.map((pair) => pair.real_id))],
  );
  await em.execute(`delete from listening.artists where id = any(?::uuid[])`, [orphans]);
  await keepMbids(em, 'artists', pairs);
  await rebuildFanReadModels(em, affectedFans);
}

/**
 * An orphan track (an export row with no provider id) matching a track whose metadata just arrived
 * is that track: its plays move over (a play already there under the real id stays once) and it
 * goes. Locked first, like the artists, so plays being written to it are moved too.
 */
export async function mergeOrphanTracks(em: EntityManager, realTrackIds: string[]): Promise<void> {
  const pairs = await em.execute<{ orphan_id: string; real_id: string; mbid: string | null }[]>(
    `select o.id as orphan_id, o.mbid, (
       select r.id from listening.tracks r
        where r.id = any(?::uuid[]) and r.provider_id is not null and r.match_key = o.match_key
        order by r.created_at limit 1
     ) as real_id
       from listening.tracks o
      where o.provider_id is null
        and o.match_key in (select match_key from listening.tracks where id = any(?::uuid[]) and provider_id is not null)
      for update`,
    [textArray(realTrackIds), textArray(realTrackIds)],
  );
  if (pairs.length === 0) return;
  const orphans = textArray(pairs.map((pair) => pair.orphan_id));
  const affectedFans = await fansWhoPlayed(em, pairs.map((pair) => pair.orphan_id));
  // A play the real track already has from another source (a poll) is the same play: kept once.
  await em.execute(
    `insert into listening.plays (fan_id, played_at, track_id, ms_played, source, precision_s, trusted)
     select p.fan_id, p.played_at, m.real_id, p.ms_played, p.source, p.precision_s, p.trusted
       from listening.plays p join unnest(?::uuid[], ?::uuid[]) as m(orphan_id, real_id) on p.track_id = m.orphan_id
      where not exists (select 1 from listening.plays o where ${samePlaySql('o', 'p', 'm.real_id')})
     on conflict do nothing`,
    [orphans, textArray(pairs.map((pair) => pair.real_id))],
  );
  await em.execute(`delete from listening.plays where track_id = any(?::uuid[])`, [orphans]);
  await em.execute(`delete from listening.tracks where id = any(?::uuid[])`, [orphans]);
  await keepMbids(em, 'tracks', pairs);
  await rebuildFanReadModels(em, affectedFans);
}

/**
 * The MusicBrainz ids a merged orphan had (a scrobble's) pass to the real track or artist, unless it
 * has one: later scrobbles of that recording still find it by MBID. After the orphans are deleted,
 * so the unique index sees each MBID once.
 */
async function keepMbids(em: EntityManager, table: 'tracks' | 'artists', pairs: { real_id: string; mbid: string | null }[]): Promise<void> {
  const carried = pairs.filter((pair) => pair.mbid !== null);
  if (carried.length === 0) return;
  await em.execute(
    `update listening.${table} r set mbid = m.mbid
       from (select distinct on (real_id) real_id, mbid from unnest(?::uuid[], ?::uuid[]) as u(real_id, mbid) order by real_id, mbid) m
      where r.id = m.real_id and r.mbid is null
        and not exists (select 1 from listening.${table} x where x.mbid = m.mbid)`,
    [textArray(carried.map((pair) => pair.real_id)), textArray(carried.map((pair) => pair.mbid!))],
  );
}
