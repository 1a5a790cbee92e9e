import type { EntityManager } from '#pie/platform';
import { executeBound, textArray } from '#pie/platform';

export interface ArtistListening {
  artistId: string;
  /** A play's time divided evenly among the track's credited artists (DESIGN §6); fractional. */
  listenedMs: number;
  /** Plays of tracks crediting the artist (not divided). */
  plays: number;
}

/**
 * Per credited artist: the share of each play (ms_played / number of credited artists), summed.
 * `$plays` is a relation of (track_id, ms_played, played_at) rows; the result has artist_id,
 * listened_ms (numeric), plays and last_played_at. Shared by the facade, the fan's artist lists
 * and the popularity job so every figure divides time the same way.
 */
export function artistShareSql(plays: string): string {
  return `
    credits as (
      select ta.track_id, ta.artist_id, count(*) over (partition by ta.track_id) as n
        from listening.track_artists ta
       where ta.track_id in (select track_id from ${plays})
    ), artist_share as (
      select c.artist_id, sum(fp.ms_played::numeric / c.n) as listened_ms, count(*)::int as plays, max(fp.played_at) as last_played_at
        from ${plays} fp join credits c on c.track_id = fp.track_id
       group by c.artist_id
    )`;
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
  const rows = await em.execute<{ artist_id: string; listened_ms: string; plays: number }[]>(
    `with fan_plays as (
       select p.track_id, p.ms_played, p.played_at from listening.plays p join listening.tracks t on t.id = p.track_id and (t.metadata_fetched_at is not null or t.named_by_scrobble)
        where p.fan_id = ? and p.played_at >= ?::timestamptz and p.played_at < ?::timestamptz
     ), ${artistShareSql('fan_plays')}
     select artist_id, listened_ms, plays from artist_share order by listened_ms desc, artist_id`,
    [fanId, from.toISOString(), to.toISOString()],
  );
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
  const rows = await executeBound<{ id: string; provider_id: string | null; mbid: string | null; name: string; active: boolean; popularity: number; country: string | null; image_url: string | null }>(
    em,
    `select id, provider_id, mbid, name, active, popularity, country, image_url from listening.artists where id = any($1::uuid[])`,
    [textArray(artistIds)],
  );
  return rows.map((row) => ({
    id: row.id,
    spotifyId: row.provider_id,
    mbid: row.mbid,
    name: row.name,
    active: row.active,
    popularity: Number(row.popularity),
    country: row.country,
    imageUrl: row.image_url,
  }));
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
  const rows = await em.execute<{ id: string; name: string; artists: string[] | null; plays: number; listened_ms: string }[]>(
    `select t.id, t.name, count(*)::int as plays, sum(p.ms_played)::bigint as listened_ms,
            (select array_agg(a.name order by ta.position, a.name) from listening.track_artists ta join listening.artists a on a.id = ta.artist_id where ta.track_id = t.id) as artists
       from listening.plays p join listening.tracks t on t.id = p.track_id
      where p.fan_id = ? and p.played_at >= ?::timestamptz and p.played_at < ?::timestamptz and t.metadata_fetched_at is null and not t.named_by_scrobble
      group by t.id order by plays desc, t.name`,
    [fanId, from.toISOString(), to.toISOString()],
  );
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
  const rows = await em.execute<{ day: string; listened_ms: string; plays: string }[]>(
    `with days as (
       select generate_series((?::timestamptz at time zone 'UTC')::date, ((?::timestamptz - interval '1 microsecond') at time zone 'UTC')::date, interval '1 day')::date as day
     ), totals as (
       select (played_at at time zone 'UTC')::date as day, sum(ms_played) as listened_ms, count(*) as plays
         from listening.plays where fan_id = ? and played_at >= ?::timestamptz and played_at < ?::timestamptz group by 1
     )
     select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(t.listened_ms, 0) as listened_ms, coalesce(t.plays, 0) as plays
       from days d left join totals t on t.day = d.day order by d.day`,
    [from.toISOString(), to.toISOString(), fanId, from.toISOString(), to.toISOString()],
  );
  return rows.map((row) => ({ date: row.day, listenedMs: Number(row.listened_ms), plays: Number(row.plays) }));
}

/** Whether a fan's profile is public and the name others may see (pies: the public pie). */
export async function publicProfileOf(em: EntityManager, fanId: string): Promise<{ public: boolean; username: string | null; topArtistsPublic: boolean }> {
  const [row] = await em.execute<{ profile_public: boolean; username: string | null; top_artists_public: boolean }[]>(
    `select profile_public, username, top_artists_public from listening.fan_profiles where fan_id = ?`,
    [fanId],
  );
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
  const rows = await executeBound<{ n: number; artist_id: string; listened_ms: string; plays: number }>(
    em,
    `with w as (
       select * from unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[]) with ordinality as w(fan_id, starts_at, ends_at, n)
     ), fan_plays as (
       select w.n, p.track_id, p.ms_played from w join listening.plays p on p.fan_id = w.fan_id and p.played_at >= w.starts_at and p.played_at < w.ends_at
        where exists (select 1 from listening.tracks t where t.id = p.track_id and (t.metadata_fetched_at is not null or t.named_by_scrobble))
     ), credits as (
       select ta.track_id, ta.artist_id, count(*) over (partition by ta.track_id) as n
         from listening.track_artists ta where ta.track_id in (select distinct track_id from fan_plays)
     )
     select fp.n::int as n, c.artist_id, sum(fp.ms_played::numeric / c.n) as listened_ms, count(*)::int as plays
       from fan_plays fp join credits c on c.track_id = fp.track_id
      group by fp.n, c.artist_id`,
    [
      textArray(windows.map((w) => w.fanId)),
      textArray(windows.map((w) => w.from.toISOString())),
      textArray(windows.map((w) => w.to.toISOString())),
    ],
  );
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
  const rows = await executeBound<{ track_id: string; name: string; listened_ms: string; fans: number }>(
    em,
    `with w as (
       select * from unnest($2::uuid[], $3::timestamptz[], $4::timestamptz[]) as w(fan_id, starts_at, ends_at)
     ), artist_tracks as (
       select ta.track_id, (select count(*) from listening.track_artists c where c.track_id = ta.track_id) as n
         from listening.track_artists ta join listening.tracks t on t.id = ta.track_id and t.metadata_fetched_at is not null
        where ta.artist_id = $1
     )
     select t.id as track_id, t.name, sum(p.ms_played::numeric / at.n) as listened_ms, count(distinct p.fan_id)::int as fans
       from w join listening.plays p on p.fan_id = w.fan_id and p.played_at >= w.starts_at and p.played_at < w.ends_at
       join artist_tracks at on at.track_id = p.track_id
       join listening.tracks t on t.id = p.track_id
      group by t.id, t.name
      order by listened_ms desc, t.name, t.id`,
    [artistId, textArray(windows.map((w) => w.fanId)), textArray(windows.map((w) => w.from.toISOString())), textArray(windows.map((w) => w.to.toISOString()))],
  );
  return rows.map((row) => ({ trackId: row.track_id, name: row.name, listenedMs: Number(row.listened_ms), fans: Number(row.fans) }));
}
