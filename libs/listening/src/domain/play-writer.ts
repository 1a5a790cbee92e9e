import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '#pie/platform';
import { nativeTransaction } from '#pie/platform';

export type PlaySource = 'recently-played' | 'export';

/** One play as a source reports it: the track by provider id when known, always by names. */
export interface IncomingPlay {
  fanId: string;
  playedAt: Date;
  msPlayed: number;
  source: PlaySource;
  providerTrackId: string | null;
  trackName: string;
  /** The primary (first credited, or album) artist. */
  artistName: string;
  album: string | null;
}

export interface PlayWriteResult {
  received: number;
  /** Plays that were new (the rest were already stored: same fan, track and played_at). */
  inserted: number;
  /** Catalogue entries created by name or id only ("orphaned" until the catalogue fetch fills them). */
  newTracks: number;
}

const STAGE = 'pg_temp.listening_play_stage';
const STAGE_COLUMNS = 'fan_id, played_at, provider_track_id, track_name, artist_name, album, ms_played, source';
/** Lines per write to the COPY stream: big enough to keep the round trips few, small enough to stream. */
const LINES_PER_WRITE = 2_000;

/**
 * Writes plays (DESIGN §7): the batch is streamed with COPY into a per-connection staging table
 * (emptied at commit), unknown tracks are created from the staged names in set-based statements,
 * and the plays go in with one `INSERT … SELECT … ON CONFLICT DO NOTHING` on the (fan, track,
 * played_at) key, which also moves each fan's play count. Never row by row.
 *
 * played_at is kept to the second: sources disagree below that (the export files have seconds or
 * minutes), and two plays of one track within a second are one play.
 */
export function writePlays(database: Database, plays: readonly IncomingPlay[]): Promise<PlayWriteResult> {
  if (plays.length === 0) return Promise.resolve({ received: 0, inserted: 0, newTracks: 0 });
  return nativeTransaction(database, (client) => writePlaysIn(client, plays));
}

/** The same, inside a transaction the caller holds (the import writes its progress in it too). */
export async function writePlaysIn(client: PoolClient, plays: readonly IncomingPlay[]): Promise<PlayWriteResult> {
  if (plays.length === 0) return { received: 0, inserted: 0, newTracks: 0 };
  await client.query(`create temp table if not exists listening_play_stage (
    fan_id uuid not null, played_at timestamptz not null, provider_track_id text, track_name text not null,
    artist_name text not null, album text, ms_played integer not null, source text not null,
    match_key text generated always as (lower(artist_name) || chr(9247) || lower(track_name)) stored
  ) on commit delete rows`);
  await pipeline(Readable.from(copyLines(plays)), client.query(copyFrom(`copy ${STAGE} (${STAGE_COLUMNS}) from stdin`)));
  const newTracks = await createMissingTracks(client);
  const { rows } = await client.query<{ inserted: number }>(
    `with ins as (
       insert into listening.plays (fan_id, played_at, track_id, ms_played, source)
       select s.fan_id, date_trunc('second', s.played_at), coalesce(tp.id, tm.id), s.ms_played, s.source
         from ${STAGE} s
         left join listening.tracks tp on tp.provider_id = s.provider_track_id
         left join lateral (
           select t.id from listening.tracks t
            where s.provider_track_id is null and t.match_key = s.match_key
            order by t.provider_id is null, t.created_at limit 1
         ) tm on true
        where coalesce(tp.id, tm.id) is not null
       on conflict do nothing
       returning fan_id
     ), counts as (
       select fan_id, count(*) as n from ins group by fan_id
     ), bumped as (
       insert into listening.fan_listening_state as f (fan_id, status, next_poll_at, plays_count)
       select fan_id, 'disconnected', now(), n from counts
       on conflict (fan_id) do update set plays_count = f.plays_count + excluded.plays_count, updated_at = now()
     )
     select coalesce(sum(n), 0)::int as inserted from counts`,
  );
  return { received: plays.length, inserted: Number(rows[0]?.inserted ?? 0), newTracks };
}

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
        field(play.providerTrackId),
        field(play.trackName),
        field(play.artistName),
        field(play.album),
        String(Math.max(0, Math.trunc(play.msPlayed))),
        play.source,
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
 * new name-only artist).
 */
async function createMissingTracks(client: PoolClient): Promise<number> {
  const created = await client.query<{ id: string }>(
    `insert into listening.tracks (provider_id, name, match_key, album)
     select distinct on (coalesce(s.provider_track_id, s.match_key)) s.provider_track_id, s.track_name, s.match_key, s.album
       from ${STAGE} s
      where case when s.provider_track_id is not null
                 then not exists (select 1 from listening.tracks t where t.provider_id = s.provider_track_id)
                 else not exists (select 1 from listening.tracks t where t.match_key = s.match_key) end
      order by coalesce(s.provider_track_id, s.match_key)
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
      select n.id as track_id, s.artist_name from new_tracks n join ${STAGE} s on s.provider_track_id = n.provider_id
      union all
      select n.id, s.artist_name from new_tracks n join ${STAGE} s on s.provider_track_id is null and n.provider_id is null and s.match_key = n.match_key
    )`;
  await client.query(
    `${stagedNames}
     insert into listening.artists (name)
     select distinct on (lower(artist_name)) artist_name from staged
      where not exists (select 1 from listening.artists a where lower(a.name) = lower(staged.artist_name))
      order by lower(artist_name)
     on conflict do nothing`,
    [ids],
  );
  await client.query(
    `${stagedNames}
     insert into listening.track_artists (track_id, artist_id, position)
     select distinct on (staged.track_id) staged.track_id, a.id, 0
       from staged
      cross join lateral (
        select a.id from listening.artists a where lower(a.name) = lower(staged.artist_name)
         order by a.provider_id is null, a.created_at limit 1
      ) a
      order by staged.track_id
     on conflict do nothing`,
    [ids],
  );
  return created.rows.length;
}
