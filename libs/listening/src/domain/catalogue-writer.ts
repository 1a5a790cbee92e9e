import { sql } from 'kysely';
import type { Database, EntityManager } from '#pie/platform';
import type { SpotifyArtist, SpotifyTrack } from '../provider/spotify-web-api.js';
import { intArray, textArray } from '#pie/platform';
import { listeningDb } from '../db/listening-db.js';
import { lockCatalogue } from './catalogue-lock.js';
import { fansWhoPlayed, rebuildFanReadModels } from './fan-read-models.js';
import { samePlaySql } from './play-writer.js';


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

  const db = listeningDb(em);
  const newArtists = await db
    .insertInto('listening.artists')
    .columns(['provider_id', 'name'])
    .expression(sql`select provider_id, name from unnest(${textArray([...artists.keys()])}::text[], ${textArray([...artists.values()])}::text[]) as u(provider_id, name)`)
    .onConflict((oc) => oc.column('provider_id').doNothing())
    .returning('id')
    .execute();
  if (newArtists.length > 0) await mergeOrphanArtists(em, newArtists.map((row) => row.id));

  // The match key: lower(primary artist) ␟ lower(track name), as an export row without a provider id finds its track.
  const filled = await db
    .insertInto('listening.tracks')
    .columns(['provider_id', 'name', 'match_key', 'duration_ms', 'album', 'image_url', 'metadata_fetched_at'])
    .expression(
      sql`select provider_id, name, lower(first_artist) || chr(9247) || lower(name), duration_ms, album, image_url, now()
            from unnest(${textArray(tracks.map((track) => track.id))}::text[], ${textArray(tracks.map((track) => track.name))}::text[], ${textArray(
              tracks.map((track) => track.artists[0].name),
            )}::text[], ${intArray(tracks.map((track) => track.duration_ms ?? null))}::int[], ${textArray(tracks.map((track) => track.album?.name ?? null))}::text[], ${textArray(
              tracks.map((track) => largestImage(track.album?.images)),
            )}::text[]) as u(provider_id, name, first_artist, duration_ms, album, image_url)`,
    )
    .onConflict((oc) =>
      oc
        .column('provider_id')
        .doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          match_key: eb.ref('excluded.match_key'),
          duration_ms: eb.ref('excluded.duration_ms'),
          album: eb.ref('excluded.album'),
          image_url: eb.ref('excluded.image_url'),
          metadata_fetched_at: eb.ref('excluded.metadata_fetched_at'),
        }))
        .where('listening.tracks.metadata_fetched_at', 'is', null),
    )
    .returning('id')
    .execute();
  if (filled.length > 0) {
    const ids = textArray(filled.map((row) => row.id));
    // The provider's credits replace whatever a name-only import guessed.
    const guessed = await db.deleteFrom('listening.track_artists').where(sql<boolean>`track_id = any(${ids}::uuid[])`).returning('artist_id').execute();
    const credits = tracks.flatMap((track) => track.artists.filter((artist) => artist.id).map((artist, position) => ({ track: track.id, artist: artist.id, position })));
    await db
      .insertInto('listening.track_artists')
      .columns(['track_id', 'artist_id', 'position'])
      .expression(
        db
          .selectFrom(
            sql<{ track_pid: string; artist_pid: string; position: number }>`unnest(${textArray(credits.map((c) => c.track))}::text[], ${textArray(
              credits.map((c) => c.artist),
            )}::text[], ${intArray(credits.map((c) => c.position))}::int[])`.as<'u'>(sql`u(track_pid, artist_pid, position)`),
          )
          .innerJoin('listening.tracks as t', 't.provider_id', 'u.track_pid')
          .innerJoin('listening.artists as a', 'a.provider_id', 'u.artist_pid')
          .select(['t.id', 'a.id as artist_id', 'u.position'])
          .where(sql<boolean>`t.id = any(${ids}::uuid[])`),
      )
      .onConflict((oc) => oc.columns(['track_id', 'artist_id']).doNothing())
      .execute();
    // A name-only artist nothing credits any more is gone from the catalogue.
    // Locked first, so a credit an import is adding right now is seen (and the artist kept).
    if (guessed.length > 0) {
      const candidates = textArray([...new Set(guessed.map((row) => row.artist_id))]);
      await db.selectFrom('listening.artists').select('id').where(sql<boolean>`id = any(${candidates}::uuid[])`).where('provider_id', 'is', null).forUpdate().execute();
      await db
        .deleteFrom('listening.artists as a')
        .where(sql<boolean>`a.id = any(${candidates}::uuid[])`)
        .where('a.provider_id', 'is', null)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('listening.track_artists as ta').select('ta.track_id').whereRef('ta.artist_id', '=', 'a.id'))))
        .execute();
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
  const db = listeningDb(database.em());
  const { complete } = await db
    .selectNoFrom((eb) => [
      sql<boolean>`${eb
        .selectFrom('listening.tracks')
        .select(sql<number>`count(*)::int`.as('n'))
        .where(sql<boolean>`provider_id = any(${textArray(tracks.map((track) => track.id))}::text[])`)
        .where('metadata_fetched_at', 'is not', null)} = ${tracks.length}
        and ${eb
          .selectFrom('listening.artists')
          .select(sql<number>`count(*)::int`.as('n'))
          .where(sql<boolean>`provider_id = any(${textArray(artistIds)}::text[])`)} = ${artistIds.length}`.as('complete'),
    ])
    .executeTakeFirstOrThrow();
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
  const updated = await listeningDb(em)
    .updateTable('listening.artists as a')
    .from(
      sql<{ provider_id: string }>`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)`.as<'u'>(sql`u(provider_id text, name text, image_url text, genres text[], country text, active boolean)`),
    )
    .set({
      name: sql`u.name`,
      image_url: sql`coalesce(u.image_url, a.image_url)`,
      genres: sql`coalesce(u.genres, a.genres)`,
      country: sql`coalesce(u.country, a.country)`,
      active: sql`coalesce(u.active, a.active)`,
      metadata_fetched_at: sql`now()`,
    })
    .whereRef('a.provider_id', '=', 'u.provider_id')
    .returning('a.id')
    .execute();
  return updated.length;
}

/** Counts a failed lookup; after enough of them the entry stays orphaned and is not asked for again. */
export async function recordCatalogueMisses(em: EntityManager, kind: 'tracks' | 'artists', providerIds: string[]): Promise<void> {
  if (providerIds.length === 0) return;
  await listeningDb(em)
    .updateTable(`listening.${kind}`)
    .set({ fetch_attempts: sql`fetch_attempts + 1` })
    .where(sql<boolean>`provider_id = any(${textArray(providerIds)}::text[])`)
    .execute();
}

/**
 * A name-only ("orphan") artist created by an export is the same artist as a real one with that
 * name: its credits move to the real artist and the orphan goes. The orphans are locked first, so
 * a credit an import is adding to one right now is committed (and moved) before it goes.
 */
export async function mergeOrphanArtists(em: EntityManager, realArtistIds: string[]): Promise<void> {
  const db = listeningDb(em);
  const reals = textArray(realArtistIds);
  const pairs = (
    await db
      .selectFrom('listening.artists as o')
      .select((eb) => [
        'o.id as orphan_id',
        'o.mbid',
        eb
          .selectFrom('listening.artists as r')
          .select('r.id')
          .where(sql<boolean>`r.id = any(${reals}::uuid[])`)
          .where('r.provider_id', 'is not', null)
          .where(sql<boolean>`lower(r.name) = lower(o.name)`)
          .orderBy('r.created_at')
          .limit(1)
          .as('real_id'),
      ])
      .where('o.provider_id', 'is', null)
      .where(sql`lower(o.name)`, 'in', db.selectFrom('listening.artists').select(sql<string>`lower(name)`.as('n')).where(sql<boolean>`id = any(${reals}::uuid[])`).where('provider_id', 'is not', null))
      .forUpdate()
      .execute()
  ).map((pair) => ({ ...pair, real_id: pair.real_id! }));
  if (pairs.length === 0) return;
  const orphans = textArray(pairs.map((pair) => pair.orphan_id));
  const { tracks } = await db
    .selectFrom('listening.track_artists')
    .select(sql<string[] | null>`array_agg(distinct track_id)`.as('tracks'))
    .where(sql<boolean>`artist_id = any(${orphans}::uuid[])`)
    .executeTakeFirstOrThrow();
  const affectedFans = await fansWhoPlayed(em, tracks ?? []);
  await db
    .insertInto('listening.track_artists')
    .columns(['track_id', 'artist_id', 'position'])
    .expression(
      db
        .selectFrom('listening.track_artists as ta')
        .innerJoin(sql<{ orphan_id: string; real_id: string }>`unnest(${orphans}::uuid[], ${textArray(pairs.map((pair) => pair.real_id))}::uuid[])`.as<'m'>(sql`m(orphan_id, real_id)`), 'm.orphan_id', 'ta.artist_id')
        .select(['ta.track_id', 'm.real_id', 'ta.position']),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db.deleteFrom('listening.artists').where(sql<boolean>`id = any(${orphans}::uuid[])`).execute();
  await keepMbids(em, 'artists', pairs);
  await rebuildFanReadModels(em, affectedFans);
}

/**
 * An orphan track (an export row with no provider id) matching a track whose metadata just arrived
 * is that track: its plays move over (a play already there under the real id stays once) and it
 * goes. Locked first, like the artists, so plays being written to it are moved too.
 */
export async function mergeOrphanTracks(em: EntityManager, realTrackIds: string[]): Promise<void> {
  const db = listeningDb(em);
  const reals = textArray(realTrackIds);
  const pairs = (
    await db
      .selectFrom('listening.tracks as o')
      .select((eb) => [
        'o.id as orphan_id',
        'o.mbid',
        eb
          .selectFrom('listening.tracks as r')
          .select('r.id')
          .where(sql<boolean>`r.id = any(${reals}::uuid[])`)
          .where('r.provider_id', 'is not', null)
          .whereRef('r.match_key', '=', 'o.match_key')
          .orderBy('r.created_at')
          .limit(1)
          .as('real_id'),
      ])
      .where('o.provider_id', 'is', null)
      .where('o.match_key', 'in', db.selectFrom('listening.tracks').select('match_key').where(sql<boolean>`id = any(${reals}::uuid[])`).where('provider_id', 'is not', null))
      .forUpdate()
      .execute()
  ).map((pair) => ({ ...pair, real_id: pair.real_id! }));
  if (pairs.length === 0) return;
  const orphans = textArray(pairs.map((pair) => pair.orphan_id));
  const affectedFans = await fansWhoPlayed(em, pairs.map((pair) => pair.orphan_id));
  // A play the real track already has from another source (a poll) is the same play: kept once.
  await db
    .insertInto('listening.plays')
    .columns(['fan_id', 'played_at', 'track_id', 'ms_played', 'source', 'precision_s', 'trusted'])
    .expression(
      db
        .selectFrom('listening.plays as p')
        .innerJoin(sql<{ orphan_id: string; real_id: string }>`unnest(${orphans}::uuid[], ${textArray(pairs.map((pair) => pair.real_id))}::uuid[])`.as<'m'>(sql`m(orphan_id, real_id)`), 'm.orphan_id', 'p.track_id')
        .select(['p.fan_id', 'p.played_at', 'm.real_id', 'p.ms_played', 'p.source', 'p.precision_s', 'p.trusted'])
        // The writer's rule for one play heard once (samePlaySql: aliases only, no values), so a merge never stores it twice.
        .where((eb) => eb.not(eb.exists(eb.selectFrom('listening.plays as o').select('o.fan_id').where(sql.raw<boolean>(samePlaySql('o', 'p', 'm.real_id')))))),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db.deleteFrom('listening.plays').where(sql<boolean>`track_id = any(${orphans}::uuid[])`).execute();
  await db.deleteFrom('listening.tracks').where(sql<boolean>`id = any(${orphans}::uuid[])`).execute();
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
  const db = listeningDb(em);
  const m = sql<{ real_id: string; mbid: string }>`(select distinct on (real_id) real_id, mbid from unnest(${textArray(carried.map((pair) => pair.real_id))}::uuid[], ${textArray(
    carried.map((pair) => pair.mbid!),
  )}::uuid[]) as u(real_id, mbid) order by real_id, mbid)`.as('m');
  // Never an MBID another row of the table already has (the unique index).
  if (table === 'tracks') {
    await db
      .updateTable('listening.tracks as r')
      .from(m)
      .set({ mbid: sql`m.mbid` })
      .whereRef('r.id', '=', 'm.real_id')
      .where('r.mbid', 'is', null)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('listening.tracks as x').select('x.id').whereRef('x.mbid', '=', 'm.mbid'))))
      .execute();
  } else {
    await db
      .updateTable('listening.artists as r')
      .from(m)
      .set({ mbid: sql`m.mbid` })
      .whereRef('r.id', '=', 'm.real_id')
      .where('r.mbid', 'is', null)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('listening.artists as x').select('x.id').whereRef('x.mbid', '=', 'm.mbid'))))
      .execute();
  }
}
