import { sql, type Expression, type Kysely } from 'kysely';
import type { EntityManager } from '#pie/platform';
import { textArray } from '#pie/platform';
import { listeningDb } from '../db/listening-db.js';
import type { ListeningTables } from '../db/tables.generated.js';

export interface ArtistListening {
  artistId: string;
  /** A play's time divided evenly among the track's credited artists (DESIGN §6); fractional. */
  listenedMs: number;
  /** Plays of tracks crediting the artist (not divided). */
  plays: number;
}

/** A relation of plays (track_id, ms_played, played_at) an artist share is computed from. */
type PlaysRelation = { track_id: string; ms_played: number; played_at: string };

/**
 * Per credited artist: the share of each play (ms_played / number of credited artists), summed,
 * over the plays `plays` selects: artist_id, listened_ms (numeric), plays and last_played_at.
 * Shared by the facade and the fan's artist lists, so every figure divides time the same way.
 */
export function artistShare(db: Kysely<ListeningTables>, plays: (db: Kysely<ListeningTables>) => Expression<PlaysRelation>) {
  return db
    .with('fan_plays', () => plays(db))
    .with('credits', (qc) =>
      qc
        .selectFrom('listening.track_artists as ta')
        .select(['ta.track_id', 'ta.artist_id', sql<number>`count(*) over (partition by ta.track_id)`.as('n')])
        .where('ta.track_id', 'in', qc.selectFrom('fan_plays').select('track_id')),
    )
    .selectFrom('fan_plays as fp')
    .innerJoin('credits as c', 'c.track_id', 'fp.track_id')
    .select([
      'c.artist_id',
      sql<string>`sum(fp.ms_played::numeric / c.n)`.as('listened_ms'),
      sql<number>`count(*)::int`.as('plays'),
      sql<string>`max(fp.played_at)`.as('last_played_at'),
    ])
    .groupBy('c.artist_id');
}

/**
 * The facade the pies module reads (DESIGN §6): listened milliseconds per artist for one fan in
 * [from, to), a track's time split evenly among its credited artists. Most listened first.
 *
 * Only plays of tracks the catalogue knows count: a track still waiting for its details (an
 * orphaned track, see `orphanedTracks`) has credits taken from whatever the fan's export said,
 * names no provider can vouch for, and pays nobody until the catalogue has found it. A track a
 * scrobbling service named (`named_by_scrobble`, issue 33) counts: Last.fm and ListenBrainz are
 * where most fans' listening comes from, an artist known only from scrobbles is split like any
 * other (its money waits in escrow until someone claims it), and scrobbles are untrusted, so they
 * move no other fan's figures.
 */
export async function listenedMsByArtist(em: EntityManager, fanId: string, from: Date, to: Date): Promise<ArtistListening[]> {
  const db = listeningDb(em);
  const share = artistShare(db, (qb) =>
    qb
      .selectFrom('listening.plays as p')
      .innerJoin('listening.tracks as t', (join) => join.onRef('t.id', '=', 'p.track_id').on((eb) => eb.or([eb('t.metadata_fetched_at', 'is not', null), eb('t.named_by_scrobble', '=', true)])))
      .select(['p.track_id', 'p.ms_played', 'p.played_at'])
      .where('p.fan_id', '=', fanId)
      .where('p.played_at', '>=', from.toISOString())
      .where('p.played_at', '<', to.toISOString()),
  );
  const rows = await share.orderBy('listened_ms', 'desc').orderBy('c.artist_id').execute();
  return rows.map((row) => ({ artistId: row.artist_id, listenedMs: Number(row.listened_ms), plays: Number(row.plays) }));
}

export interface ArtistFacts {
  id: string;
  spotifyId: string | null;
  /** The MusicBrainz artist id a scrobble gave (null: none known). */
  mbid: string | null;
  name: string;
  active: boolean;
  popularity: number;
  country: string | null;
  imageUrl: string | null;
}

/** What other modules show or filter by (pies: name, active flag, popularity). Unknown ids are left out. */
export async function artistFacts(em: EntityManager, artistIds: string[]): Promise<ArtistFacts[]> {
  if (artistIds.length === 0) return [];
  const rows = await listeningDb(em)
    .selectFrom('listening.artists')
    .select(['id', 'provider_id', 'mbid', 'name', 'active', 'popularity', 'country', 'image_url'])
    .where(sql<boolean>`id = any(${textArray(artistIds)}::uuid[])`)
    .execute();
  return rows.map(toArtistFacts);
}

/** The one place an artist row becomes `ArtistFacts`. */
export function toArtistFacts(row: { id: string; provider_id: string | null; mbid: string | null; name: string; active: boolean; popularity: number; country: string | null; image_url: string | null }): ArtistFacts {
  return { id: row.id, spotifyId: row.provider_id, mbid: row.mbid, name: row.name, active: row.active, popularity: Number(row.popularity), country: row.country, imageUrl: row.image_url };
}

export interface OrphanedTrack {
  trackId: string;
  name: string;
  artistNames: string[];
  plays: number;
  listenedMs: number;
}

/** The fan's plays in [from, to) of tracks whose metadata the catalogue has not fetched yet (and that no scrobble named: those count). */
export async function orphanedTracks(em: EntityManager, fanId: string, from: Date, to: Date): Promise<OrphanedTrack[]> {
  const rows = await listeningDb(em)
    .selectFrom('listening.plays as p')
    .innerJoin('listening.tracks as t', 't.id', 'p.track_id')
    .select((eb) => [
      't.id',
      't.name',
      sql<number>`count(*)::int`.as('plays'),
      sql<string>`sum(p.ms_played)::bigint`.as('listened_ms'),
      eb
        .selectFrom('listening.track_artists as ta')
        .innerJoin('listening.artists as a', 'a.id', 'ta.artist_id')
        .select(sql<string[] | null>`array_agg(a.name order by ta.position, a.name)`.as('names'))
        .whereRef('ta.track_id', '=', 't.id')
        .as('artists'),
    ])
    .where('p.fan_id', '=', fanId)
    .where('p.played_at', '>=', from.toISOString())
    .where('p.played_at', '<', to.toISOString())
    .where('t.metadata_fetched_at', 'is', null)
    .where('t.named_by_scrobble', '=', false)
    .groupBy('t.id')
    .orderBy('plays', 'desc')
    .orderBy('t.name')
    .execute();
  return rows.map((row) => ({ trackId: row.id, name: row.name, artistNames: row.artists ?? [], plays: Number(row.plays), listenedMs: Number(row.listened_ms) }));
}

export interface DayListening {
  /** UTC day, YYYY-MM-DD. */
  date: string;
  listenedMs: number;
  plays: number;
}

/** The fan's listening per UTC day in [from, to), every day present (zeros included). */
export async function dailyListenedMs(em: EntityManager, fanId: string, from: Date, to: Date): Promise<DayListening[]> {
  const rows = await listeningDb(em)
    .with('days', () =>
      sql<{ day: string }>`(select generate_series((${from.toISOString()}::timestamptz at time zone 'UTC')::date, ((${to.toISOString()}::timestamptz - interval '1 microsecond') at time zone 'UTC')::date, interval '1 day')::date as day)`,
    )
    .with('totals', (qc) =>
      qc
        .selectFrom('listening.plays')
        .select([sql<string>`(played_at at time zone 'UTC')::date`.as('day'), sql<string>`sum(ms_played)`.as('listened_ms'), sql<string>`count(*)`.as('plays')])
        .where('fan_id', '=', fanId)
        .where('played_at', '>=', from.toISOString())
        .where('played_at', '<', to.toISOString())
        .groupBy(sql`1`),
    )
    .selectFrom('days as d')
    .leftJoin('totals as t', 't.day', 'd.day')
    .select([sql<string>`to_char(d.day, 'YYYY-MM-DD')`.as('day'), sql<string>`coalesce(t.listened_ms, 0)`.as('listened_ms'), sql<string>`coalesce(t.plays, 0)`.as('plays')])
    .orderBy('d.day')
    .execute();
  return rows.map((row) => ({ date: row.day, listenedMs: Number(row.listened_ms), plays: Number(row.plays) }));
}

/** Whether a fan's profile is public and the name others may see (pies: the public pie). */
export async function publicProfileOf(em: EntityManager, fanId: string): Promise<{ public: boolean; username: string | null; topArtistsPublic: boolean }> {
  const row = await listeningDb(em)
    .selectFrom('listening.fan_profiles')
    .select(['profile_public', 'username', 'top_artists_public'])
    .where('fan_id', '=', fanId)
    .executeTakeFirst();
  // Top artists are public only on a public profile (the profile page hides every section of a private one).
  return { public: row?.profile_public ?? false, username: row?.profile_public ? row.username : null, topArtistsPublic: Boolean(row?.profile_public && row.top_artists_public) };
}

export interface ListeningWindow {
  /** The caller's name for the window (pies: the period id). */
  key: string;
  fanId: string;
  from: Date;
  to: Date;
}

/**
 * `listenedMsByArtist` for many (fan, window) pairs in one statement (pies closes periods in
 * batches): per window key, each credited artist's listened milliseconds, in no particular order
 * (the split orders them itself; sorting a batch's 40,000 rows cost a third of the statement).
 */
export async function listenedMsByArtistForWindows(em: EntityManager, windows: readonly ListeningWindow[]): Promise<Map<string, ArtistListening[]>> {
  const lists = windows.map((): ArtistListening[] => []);
  const result = new Map<string, ArtistListening[]>(windows.map((window, i) => [window.key, lists[i]!]));
  if (windows.length === 0) return result;
  // Rows name their window by its position (1-based), not its key: a batch answers 40,000 rows,
  // and the key (a uuid as text) was a third of what the client read and decoded.
  const db = listeningDb(em);
  const rows = await db
    .with('w', () =>
      sql<{ fan_id: string; starts_at: string; ends_at: string; n: string }>`(select * from unnest(${textArray(windows.map((w) => w.fanId))}::uuid[], ${textArray(
        windows.map((w) => w.from.toISOString()),
      )}::timestamptz[], ${textArray(windows.map((w) => w.to.toISOString()))}::timestamptz[]) with ordinality as w(fan_id, starts_at, ends_at, n))`,
    )
    .with('fan_plays', (qc) =>
      qc
        .selectFrom('w')
        .innerJoin('listening.plays as p', (join) => join.onRef('p.fan_id', '=', 'w.fan_id').onRef('p.played_at', '>=', 'w.starts_at').onRef('p.played_at', '<', 'w.ends_at'))
        .select(['w.n', 'p.track_id', 'p.ms_played'])
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('listening.tracks as t')
              .select(sql`1`.as('one'))
              .whereRef('t.id', '=', 'p.track_id')
              .where((t) => t.or([t('t.metadata_fetched_at', 'is not', null), t('t.named_by_scrobble', '=', true)])),
          ),
        ),
    )
    .with('credits', (qc) =>
      qc
        .selectFrom('listening.track_artists as ta')
        .select(['ta.track_id', 'ta.artist_id', sql<number>`count(*) over (partition by ta.track_id)`.as('n')])
        .where('ta.track_id', 'in', qc.selectFrom('fan_plays').select('track_id').distinct()),
    )
    .selectFrom('fan_plays as fp')
    .innerJoin('credits as c', 'c.track_id', 'fp.track_id')
    .select([sql<number>`fp.n::int`.as('n'), 'c.artist_id', sql<string>`sum(fp.ms_played::numeric / c.n)`.as('listened_ms'), sql<number>`count(*)::int`.as('plays')])
    .groupBy(['fp.n', 'c.artist_id'])
    .execute();
  for (const row of rows) lists[row.n - 1]?.push({ artistId: row.artist_id, listenedMs: Number(row.listened_ms), plays: row.plays });
  return result;
}

export interface TrackListening {
  trackId: string;
  name: string;
  /** The artist's part of the track's plays in the windows (a play's time divided among the track's credited artists). */
  listenedMs: number;
  /** Distinct fans who played it in their windows. */
  fans: number;
}

/**
 * Which of one artist's tracks the listening in these windows was (issue 31: the tracks that drove
 * the listening time a pie close paid the artist for), counted exactly as the split counts it
 * (`listenedMsByArtistForWindows`: catalogued tracks only, time divided among credited artists).
 * Most listened first. Aggregates only: no fan is named.
 */
export async function listenedMsByTrackForWindows(em: EntityManager, artistId: string, windows: readonly Omit<ListeningWindow, 'key'>[]): Promise<TrackListening[]> {
  if (windows.length === 0) return [];
  const rows = await listeningDb(em)
    .with('w', () =>
      sql<{ fan_id: string; starts_at: string; ends_at: string }>`(select * from unnest(${textArray(windows.map((w) => w.fanId))}::uuid[], ${textArray(
        windows.map((w) => w.from.toISOString()),
      )}::timestamptz[], ${textArray(windows.map((w) => w.to.toISOString()))}::timestamptz[]) as w(fan_id, starts_at, ends_at))`,
    )
    .with('artist_tracks', (qc) =>
      qc
        .selectFrom('listening.track_artists as ta')
        .innerJoin('listening.tracks as t', (join) => join.onRef('t.id', '=', 'ta.track_id').on('t.metadata_fetched_at', 'is not', null))
        .select((eb) => ['ta.track_id', eb.selectFrom('listening.track_artists as c').select(sql<string>`count(*)`.as('n')).whereRef('c.track_id', '=', 'ta.track_id').as('n')])
        .where('ta.artist_id', '=', artistId),
    )
    .selectFrom('w')
    .innerJoin('listening.plays as p', (join) => join.onRef('p.fan_id', '=', 'w.fan_id').onRef('p.played_at', '>=', 'w.starts_at').onRef('p.played_at', '<', 'w.ends_at'))
    .innerJoin('artist_tracks as at', 'at.track_id', 'p.track_id')
    .innerJoin('listening.tracks as t', 't.id', 'p.track_id')
    .select(['t.id as track_id', 't.name', sql<string>`sum(p.ms_played::numeric / at.n)`.as('listened_ms'), sql<number>`count(distinct p.fan_id)::int`.as('fans')])
    .groupBy(['t.id', 't.name'])
    .orderBy('listened_ms', 'desc')
    .orderBy('t.name')
    .orderBy('t.id')
    .execute();
  return rows.map((row) => ({ trackId: row.track_id, name: row.name, listenedMs: Number(row.listened_ms), fans: Number(row.fans) }));
}
