import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '#pie/platform';
import { nativeTransaction } from '#pie/platform';
import { CATALOGUE_LOCK_KEY } from './catalogue-lock.js';
import { MATCH_SKEW_SECONDS, MAX_PRECISION_SECONDS } from './listening.constants.js';

export type PlaySource = 'recently-played' | 'export' | 'listenbrainz' | 'lastfm';

/** One play as a source reports it: the track by provider id when known, always by names. */
export interface IncomingPlay {
  fanId: string;
  playedAt: Date;
  msPlayed: number;
  source: PlaySource;
  /**
   * How precise `playedAt` is, in seconds: 1 for the provider's API and the extended export's `ts`,
   * 60 for the basic export's `endTime` (minutes), up to `MAX_PRECISION_SECONDS` for a scrobble
   * (`scrobble-plays.ts`). Default 1.
   */
  precisionSeconds?: number;
  providerTrackId: string | null;
  trackName: string;
  /** The primary (first credited, or album) artist. */
  artistName: string;
  album: string | null;
  /**
   * MusicBrainz ids a scrobble carries: a play without a provider id finds its track by the
   * recording's MBID before its names, and a track or artist created from it keeps them.
   */
  trackMbid?: string | null;
  artistMbid?: string | null;
}

export interface PlayWriteResult {
  received: number;
  /** Plays that were new (the rest were already stored, from this source or another). */
  inserted: number;
  /** Export plays a poll confirmed (they count as trusted from now on). */
  confirmed: number;
  /** Catalogue entries created by name or id only ("orphaned" until the catalogue fetch fills them). */
  newTracks: number;
}

const STAGE = 'pg_temp.listening_play_stage';
const STAGE_COLUMNS = 'fan_id, played_at, precision_s, provider_track_id, track_name, artist_name, album, ms_played, source, track_mbid, artist_mbid';
/** Lines per write to the COPY stream: big enough to keep the round trips few, small enough to stream. */
const LINES_PER_WRITE = 2_000;

/**
 * Stored play `o` and incoming play `r` (of track `track`) are one play heard once: same fan and
 * track, from another source or format, and their end times agree within what the formats allow.
 * A play's end lies in [played_at, played_at + precision) (the basic export truncates to the
 * minute, the extended export and the API to the second), and two sources' clocks may be
 * `MATCH_SKEW_SECONDS` apart. The first bound lets the (fan, played_at, track) key serve the
 * lookup as a range. `fanKeyOnly` keeps the track out of the index conditions, so that only that
 * key can serve the lookup: the (track, played_at) index holds, for a hit, every fan's plays of
 * those 80 seconds, the fan's key one or two plays.
 */
export function samePlaySql(o: string, r: string, track = `${r}.track_id`, fanKeyOnly = false): string {
  const sameTrack = fanKeyOnly ? `(${o}.track_id = ${track}) is true` : `${o}.track_id = ${track}`;
  return `${o}.fan_id = ${r}.fan_id and ${sameTrack}
  and ${o}.played_at > ${r}.played_at - make_interval(secs => ${MAX_PRECISION_SECONDS + MATCH_SKEW_SECONDS})
  and ${o}.played_at < ${r}.played_at + make_interval(secs => ${r}.precision_s + ${MATCH_SKEW_SECONDS})
  and ${r}.played_at < ${o}.played_at + make_interval(secs => ${o}.precision_s + ${MATCH_SKEW_SECONDS})
  and (${o}.source <> ${r}.source or ${o}.precision_s <> ${r}.precision_s)`;
}
const SAME_PLAY = samePlaySql('o', 'r', 'r.track_id', true);

// raw SQL: bench:ingest — the listening writer, every statement of this file: COPY into a staging
// table on the native client (Kysely has no COPY), then one set-based statement that resolves tracks,
// matches other sources' plays and moves the read models (its plan is what bench:ingest measures).

/**
 * Writes plays (DESIGN §7): the batch is streamed with COPY into a per-connection staging table
 * (emptied at commit), unknown tracks are created from the staged names in set-based statements,
 * and the plays go in with one `INSERT … SELECT … ON CONFLICT DO NOTHING` on the (fan, track,
 * played_at) key. The same statement moves the fan's read models (day, track, artist, artist and
 * day, totals). Never row by row.
 *
 * Counted once across sources (issue 10): a play that another source already brought (see
 * SAME_PLAY) is not stored again; a poll that meets an export's play marks it trusted instead.
 * played_at is kept to the second.
 */
export function writePlays(database: Database, plays: readonly IncomingPlay[]): Promise<PlayWriteResult> {
  if (plays.length === 0) return Promise.resolve({ received: 0, inserted: 0, confirmed: 0, newTracks: 0 });
  return nativeTransaction(database, (client) => writePlaysIn(client, plays));
}

/** The same, inside a transaction the caller holds (the import writes its progress in it too). */
export async function writePlaysIn(client: PoolClient, plays: readonly IncomingPlay[]): Promise<PlayWriteResult> {
  if (plays.length === 0) return { received: 0, inserted: 0, confirmed: 0, newTracks: 0 };
  const newTracks = await stagePlays(client, plays);
  const { rows } = await client.query<{ inserted: number; confirmed: number }>(WRITE_PLAYS_SQL);
  return { received: plays.length, inserted: Number(rows[0]?.inserted ?? 0), confirmed: Number(rows[0]?.confirmed ?? 0), newTracks };
}

/**
 * Empties the staging table, which is otherwise emptied at commit: for a transaction that writes a
 * second batch after a first (a poll's late listens, then its new ones).
 */
export async function clearStagedPlays(client: PoolClient): Promise<void> {
  await client.query(`delete from ${STAGE}`);
}

/**
 * The writer up to its batch statement (`WRITE_PLAYS_SQL`): the fans' locks, the batch in the
 * staging table, and the tracks it names that the catalogue lacked (their number is returned).
 */
export async function stagePlays(client: PoolClient, plays: readonly IncomingPlay[]): Promise<number> {
  // One writer per fan at a time (a poll and an import of one fan): the cross-source match reads
  // what the other one writes. Locks taken in one order (the catalogue's shared lock, then the
  // fans' in the array's order, sorted here), so two batches never deadlock on them, nor a batch
  // with the catalogue fetch; one round trip for all of the batch's fans.
  await client.query(WRITER_SETUP_SQL, [[...new Set(plays.map((play) => play.fanId))].sort()]);
  await client.query(`create temp table if not exists listening_play_stage (
    fan_id uuid not null, played_at timestamptz not null, precision_s smallint not null, provider_track_id text, track_name text not null,
    artist_name text not null, album text, ms_played integer not null, source text not null, track_mbid uuid, artist_mbid uuid,
    match_key text generated always as (lower(artist_name) || chr(9247) || lower(track_name)) stored
  ) on commit delete rows`);
  await pipeline(Readable.from(copyLines(plays)), client.query(copyFrom(`copy ${STAGE} (${STAGE_COLUMNS}) from stdin`)));
  const withMbids = plays.some((play) => play.providerTrackId === null && (play.trackMbid || play.artistMbid));
  // Writers giving out the same MBID take turns (a track created with it, or attached to one Pie
  // had): otherwise the second meets the first's uncommitted row in the unique index and fails.
  if (withMbids) await client.query(MBID_LOCKS_SQL);
  const created = await createMissingTracks(client);
  if (withMbids) await attachMbids(client);
  return created;
}

/**
 * A scrobble carrying MusicBrainz ids whose track the catalogue already had by name (a Spotify
 * track, an upload's or another scrobble's without an MBID): the track found by the match key (as
 * the batch statement finds it) keeps the recording MBID, so later plays of that recording match it
 * by MBID whatever their names; its primary artist, when it bears the name the scrobble gave, keeps
 * the artist MBID (what a claim's MusicBrainz links are read by). Never an MBID another track or
 * artist already has; the MBIDs' locks (`MBID_LOCKS_SQL`) make writers of one MBID take turns, so
 * the unique indexes never fail a batch. Only batches with such scrobbles run it (polls' plays carry
 * no MBIDs).
 */
async function attachMbids(client: PoolClient): Promise<void> {
  await client.query(
    `with named as (
       select distinct on (s.match_key) s.match_key, s.track_mbid, s.artist_mbid, s.artist_name
         from ${STAGE} s
        where s.provider_track_id is null and (s.track_mbid is not null or s.artist_mbid is not null)
        order by s.match_key, s.track_mbid is null, s.artist_mbid is null
     ), resolved as materialized (
       select n.*, (select t.id from listening.tracks t where t.match_key = n.match_key order by t.provider_id is null, t.created_at limit 1) as track_id
         from named n
     ), tracks_done as (
       update listening.tracks t set mbid = r.track_mbid
         from (select distinct on (track_mbid) track_mbid, track_id from resolved where track_mbid is not null and track_id is not null order by track_mbid, track_id) r
        where t.id = r.track_id and t.mbid is null
          and not exists (select 1 from listening.tracks x where x.mbid = r.track_mbid)
       returning t.id
     )
     update listening.artists a set mbid = r.artist_mbid
       from (select distinct on (artist_mbid) artist_mbid, artist_name, track_id from resolved where artist_mbid is not null and track_id is not null order by artist_mbid, track_id) r
       join listening.track_artists ta on ta.track_id = r.track_id and ta.position = 0
      where a.id = ta.artist_id and a.mbid is null and lower(a.name) = lower(r.artist_name)
        and not exists (select 1 from listening.artists x where x.mbid = r.artist_mbid)`,
  );
}

/**
 * The staged MBIDs' locks: 64 buckets by hash (a batch holds at most 64 locks, however many MBIDs),
 * taken in bucket order, after the fans' locks, so two writers never deadlock on them.
 */
const MBID_LOCKS_SQL = `select count(pg_advisory_xact_lock(hashtext('listening-mbid'), b)) from (
  select distinct (abs(hashtext(m::text)) % 64)::int as b
    from (select track_mbid as m from ${STAGE} union select artist_mbid from ${STAGE}) x
   where m is not null order by 1) buckets`;

/**
 * The writer's transaction settings and its locks, in one statement: the catalogue lock shared
 * (`CATALOGUE_LOCK_KEY`: the catalogue fetch, which rewrites what stored plays use, waits for the
 * writers and they for it), then its fans' locks (`$1`, sorted); a select list is evaluated in
 * order. JIT off: the batch statement's estimates pass `jit_above_cost` and compiling it cost
 * ~150 ms a batch, more than its index work; a batch's aggregates fit in memory.
 */
export const WRITER_SETUP_SQL = `select set_config('jit', 'off', true), set_config('work_mem', '32MB', true),
  pg_advisory_xact_lock_shared(${CATALOGUE_LOCK_KEY}),
  (select count(pg_advisory_xact_lock(hashtext('listening-plays:' || f))) from unnest($1::text[]) f)`;

/**
 * The batch statement (the staged plays, whose tracks exist). Each step reads only the rows of the
 * batch and what they touch, along an index, so its cost does not grow with the plays table:
 * - each staged play finds its track by provider id, MusicBrainz id or name (scalar subqueries: one index probe);
 * - each looks up the stored plays it matches (SAME_PLAY) with a lateral aggregate: one range of
 *   the (fan, played_at, track) key per play, never a join that could hash the whole table;
 * - a poll's plays confirm the untrusted plays they matched, found by that lookup (a TID scan: the
 *   fan's lock keeps other writers of their plays away meanwhile);
 * - the new plays go in, and the read models move by what was inserted: the fans' time zones and
 *   the tracks' credits are read by id (`= any(array(…))`), never joined whole;
 * - the per-fan counters come from grouped counts of the rows created (not one scan per fan).
 */
export const WRITE_PLAYS_SQL = `with staged as materialized (
       select s.fan_id, date_trunc('second', s.played_at) as played_at, s.precision_s, s.ms_played, s.source,
              coalesce((select t.id from listening.tracks t where t.provider_id = s.provider_track_id),
                       (select t.id from listening.tracks t where s.provider_track_id is null and t.mbid = s.track_mbid),
                       (select t.id from listening.tracks t
                         where s.provider_track_id is null and t.match_key = s.match_key
                         order by t.provider_id is null, t.created_at limit 1)) as track_id
         from ${STAGE} s
     ), resolved as materialized (
       select r.*, m.matches, m.to_confirm
         from staged r
         cross join lateral (
           select count(*) as matches, array_agg(o.ctid) filter (where not o.trusted) as to_confirm
             from listening.plays o where ${SAME_PLAY}
         ) m
        where r.track_id is not null
     ), confirmed as (
       update listening.plays o set trusted = true
        where o.ctid = any(array(select unnest(r.to_confirm) from resolved r where r.source = 'recently-played')) and not o.trusted
       returning 1
     ), ins as (
       insert into listening.plays (fan_id, played_at, track_id, ms_played, source, precision_s, trusted)
       select r.fan_id, r.played_at, r.track_id, r.ms_played, r.source, r.precision_s, r.source = 'recently-played'
         from resolved r
        where r.matches = 0
        order by r.fan_id, r.played_at, r.track_id
       on conflict do nothing
       returning fan_id, track_id, played_at, ms_played
     ), zones as (
       select fp.fan_id, fp.time_zone from listening.fan_profiles fp where fp.fan_id = any(array(select distinct fan_id from ins))
     ), zoned as (
       select i.fan_id, i.track_id, i.played_at, i.ms_played, ((i.played_at) at time zone coalesce(z.time_zone, 'UTC'))::date as day
         from ins i left join zones z on z.fan_id = i.fan_id
     ), credits as (
       select ta.track_id, ta.artist_id, count(*) over (partition by ta.track_id) as n
         from listening.track_artists ta where ta.track_id = any(array(select distinct track_id from ins))
     ), days as (
       insert into listening.fan_days as d (fan_id, day, plays, listened_ms)
       select fan_id, day, count(*), sum(ms_played) from zoned group by 1, 2 order by 1, 2
       on conflict (fan_id, day) do update set plays = d.plays + excluded.plays, listened_ms = d.listened_ms + excluded.listened_ms
     ), tracks as (
       insert into listening.fan_tracks as t (fan_id, track_id, plays, listened_ms, last_played_at)
       select fan_id, track_id, count(*), sum(ms_played), max(played_at) from ins group by 1, 2 order by 1, 2
       on conflict (fan_id, track_id) do update set plays = t.plays + excluded.plays, listened_ms = t.listened_ms + excluded.listened_ms,
         last_played_at = greatest(t.last_played_at, excluded.last_played_at)
       returning t.fan_id, (t.xmax = 0) as created
     ), artists as (
       insert into listening.fan_artists as a (fan_id, artist_id, plays, listened_ms, last_played_at)
       select i.fan_id, c.artist_id, count(*), sum(i.ms_played::numeric / c.n), max(i.played_at) from ins i join credits c on c.track_id = i.track_id
        group by 1, 2 order by 1, 2
       on conflict (fan_id, artist_id) do update set plays = a.plays + excluded.plays, listened_ms = a.listened_ms + excluded.listened_ms,
         last_played_at = greatest(a.last_played_at, excluded.last_played_at)
       returning a.fan_id, (a.xmax = 0) as created
     ), artist_days as (
       insert into listening.fan_artist_days as ad (fan_id, day, artist_id, plays, listened_ms, last_played_at)
       select z.fan_id, z.day, c.artist_id, count(*), sum(z.ms_played::numeric / c.n), max(z.played_at) from zoned z join credits c on c.track_id = z.track_id
        group by 1, 2, 3 order by 1, 2, 3
       on conflict (fan_id, day, artist_id) do update set plays = ad.plays + excluded.plays, listened_ms = ad.listened_ms + excluded.listened_ms,
         last_played_at = greatest(ad.last_played_at, excluded.last_played_at)
     ), counts as (
       -- Plays and time added, and the per-track and per-artist rows created (a fan's first play of them).
       select i.fan_id, i.n, i.ms, coalesce(t.created, 0) as new_tracks, coalesce(a.created, 0) as new_artists
         from (select fan_id, count(*) as n, sum(ms_played) as ms from ins group by fan_id) i
         left join (select fan_id, count(*) filter (where created) as created from tracks group by fan_id) t on t.fan_id = i.fan_id
         left join (select fan_id, count(*) filter (where created) as created from artists group by fan_id) a on a.fan_id = i.fan_id
     ), bumped as (
       insert into listening.fan_listening_state as f (fan_id, status, next_poll_at, plays_count, listened_ms, tracks_count, artists_count, read_version)
       select fan_id, 'disconnected', now(), n, ms, new_tracks, new_artists, 1 from counts order by fan_id
       on conflict (fan_id) do update set plays_count = f.plays_count + excluded.plays_count, listened_ms = f.listened_ms + excluded.listened_ms,
         tracks_count = f.tracks_count + excluded.tracks_count, artists_count = f.artists_count + excluded.artists_count,
         read_version = f.read_version + 1, updated_at = now()
     )
     select coalesce((select sum(n) from counts), 0)::int as inserted, (select count(*) from confirmed)::int as confirmed`;

/** COPY's text format: tab-separated, `\N` for null, backslash escapes; U+0000 cannot be stored and is dropped. */
function field(value: string | null): string {
  if (value === null) return '\\N';
  return value.replaceAll('\u0000', '').replace(/[\\\t\n\r]/g, (char) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[char] as string);
}

function* copyLines(plays: readonly IncomingPlay[]): Generator<string> {
  let buffer: string[] = [];
  for (const play of plays) {
    buffer.push(
      [
        play.fanId,
        play.playedAt.toISOString(),
        String(play.precisionSeconds ?? 1),
        field(play.providerTrackId),
        field(play.trackName),
        field(play.artistName),
        field(play.album),
        String(Math.max(0, Math.trunc(play.msPlayed))),
        play.source,
        field(play.trackMbid ?? null),
        field(play.artistMbid ?? null),
      ].join('\t'),
    );
    if (buffer.length === LINES_PER_WRITE) {
      yield `${buffer.join('\n')}\n`;
      buffer = [];
    }
  }
  if (buffer.length > 0) yield `${buffer.join('\n')}\n`;
}

/**
 * Staged plays whose track the catalogue does not know yet: the track is created from the names
 * the source gave (metadata pending), credited to the artist of that name (an existing one, or a
 * new name-only artist). One a scrobbling service named is marked `named_by_scrobble`: its plays
 * count in the fan's split (`listened-time.ts`), an upload's wait for the catalogue.
 */
async function createMissingTracks(client: PoolClient): Promise<number> {
  // A row without a provider id is missing when no track has its recording MBID nor its match
  // key; the created track keeps the MBID (a second row of one MBID under other names meets the
  // unique index and is skipped: its play then finds the first by the MBID).
  const created = await client.query<{ id: string }>(
    `insert into listening.tracks (provider_id, name, match_key, album, named_by_scrobble, mbid)
     select distinct on (coalesce(s.provider_track_id, s.match_key)) s.provider_track_id, s.track_name, s.match_key, s.album,
            s.provider_track_id is null and s.source in ('lastfm', 'listenbrainz'), case when s.provider_track_id is null then s.track_mbid end
       from ${STAGE} s
      where case when s.provider_track_id is not null
                 then not exists (select 1 from listening.tracks t where t.provider_id = s.provider_track_id)
                 else not exists (select 1 from listening.tracks t where t.match_key = s.match_key)
                      and not exists (select 1 from listening.tracks t where t.mbid = s.track_mbid) end
      order by coalesce(s.provider_track_id, s.match_key), s.source in ('lastfm', 'listenbrainz') desc, s.track_mbid is null
     on conflict do nothing
     returning id`,
  );
  if (created.rows.length === 0) return 0;
  const ids = created.rows.map((row) => row.id);
  // The staged names of each new track (two equi-joins, so both hash-join whatever the batch size).
  const stagedNames = `
    with new_tracks as (
      select id, provider_id, match_key from listening.tracks where id = any($1::uuid[])
    ), staged as (
      select n.id as track_id, s.artist_name, null::uuid as artist_mbid from new_tracks n join ${STAGE} s on s.provider_track_id = n.provider_id
      union all
      select n.id, s.artist_name, s.artist_mbid from new_tracks n join ${STAGE} s on s.provider_track_id is null and n.provider_id is null and s.match_key = n.match_key
    )`;
  // The artist by its MBID, else by name; a new one keeps the MBID the scrobble gave.
  await client.query(
    `${stagedNames}
     insert into listening.artists (name, mbid)
     select distinct on (lower(artist_name)) artist_name, artist_mbid from staged
      where not exists (select 1 from listening.artists a where lower(a.name) = lower(staged.artist_name))
        and not exists (select 1 from listening.artists a where a.mbid = staged.artist_mbid)
      order by lower(artist_name), artist_mbid is null
     on conflict do nothing`,
    [ids],
  );
  await client.query(
    `${stagedNames}
     insert into listening.track_artists (track_id, artist_id, position)
     select distinct on (staged.track_id) staged.track_id, a.id, 0
       from staged
      cross join lateral (
        select a.id from listening.artists a where a.mbid = staged.artist_mbid or lower(a.name) = lower(staged.artist_name)
         order by (a.mbid = staged.artist_mbid) is true desc, a.provider_id is null, a.created_at limit 1
      ) a
      order by staged.track_id
     on conflict do nothing`,
    [ids],
  );
  return created.rows.length;
}
