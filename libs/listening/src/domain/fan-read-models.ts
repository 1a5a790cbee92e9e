import type { EntityManager } from '#pie/platform';
import { fanZone } from './listening-window.js';

/*
 * Read models of a fan's listening (per fan and day, track, artist, artist and day), kept up to
 * date by the play writer as plays arrive, so the dashboard's reads cost the same whatever the
 * size of a fan's history. A play's day is the fan's local day (their profile's time zone); an
 * artist's share of a play is its time divided among the track's credited artists (DESIGN §6).
 *
 * The writer adds new plays to them in the statement that inserts the plays. What changes a
 * fan's past (an orphan track merged into the real one, credits replaced, a new time zone)
 * rebuilds that fan's rows from the plays with `rebuildFanReadModels`.
 */

/** The local day of `played` (a timestamptz expression) in the time zone expression `zone`. */
export const localDaySql = (played: string, zone: string) => `((${played}) at time zone ${zone})::date`;


/**
 * Statements that fill the read models from the plays of `fanFilter` (a condition on `p`), after
 * the caller emptied them. The migration runs the same statements for every fan.
 */
export function readModelFillStatements(fanFilter: string): string[] {
  return [
    `insert into listening.fan_days (fan_id, day, plays, listened_ms)
     select p.fan_id, ${localDaySql('p.played_at', fanZone('p.fan_id'))}, count(*), sum(p.ms_played)
       from listening.plays p where ${fanFilter} group by 1, 2`,
    `insert into listening.fan_tracks (fan_id, track_id, plays, listened_ms, last_played_at)
     select p.fan_id, p.track_id, count(*), sum(p.ms_played), max(p.played_at)
       from listening.plays p where ${fanFilter} group by 1, 2`,
    `insert into listening.fan_artists (fan_id, artist_id, plays, listened_ms, last_played_at)
     select ft.fan_id, c.artist_id, sum(ft.plays), sum(ft.listened_ms::numeric / c.n), max(ft.last_played_at)
       from listening.fan_tracks ft
       join (select track_id, artist_id, count(*) over (partition by track_id) as n from listening.track_artists) c on c.track_id = ft.track_id
      where ${fanFilter.replaceAll('p.', 'ft.')} group by 1, 2`,
    `insert into listening.fan_artist_days (fan_id, day, artist_id, plays, listened_ms, last_played_at)
     select p.fan_id, ${localDaySql('p.played_at', fanZone('p.fan_id'))}, c.artist_id, count(*), sum(p.ms_played::numeric / c.n), max(p.played_at)
       from listening.plays p
       join (select track_id, artist_id, count(*) over (partition by track_id) as n from listening.track_artists) c on c.track_id = p.track_id
      where ${fanFilter} group by 1, 2, 3`,
    `update listening.fan_listening_state f set plays_count = coalesce(t.plays, 0), listened_ms = coalesce(t.listened_ms, 0), read_version = f.read_version + 1,
            tracks_count = (select count(*) from listening.fan_tracks ft where ft.fan_id = f.fan_id),
            artists_count = (select count(*) from listening.fan_artists fa where fa.fan_id = f.fan_id)
       from (select s.fan_id, sum(d.plays) as plays, sum(d.listened_ms) as listened_ms
               from listening.fan_listening_state s left join listening.fan_days d on d.fan_id = s.fan_id
              where ${fanFilter.replaceAll('p.', 's.')} group by s.fan_id) t
      where f.fan_id = t.fan_id`,
  ];
}

/** The fan's read models; the windows (fan-artist-windows.ts) are derived from them on demand. */
export const READ_MODEL_TABLES = ['fan_days', 'fan_tracks', 'fan_artists', 'fan_artist_days', 'fan_windows', 'fan_artist_windows'] as const;

/** Recomputes the read models of these fans from their plays (rare: merges, credit changes, a new time zone). */
export async function rebuildFanReadModels(em: EntityManager, fanIds: readonly string[]): Promise<void> {
  const fans = [...new Set(fanIds)];
  if (fans.length === 0) return;
  const literal = `{${fans.join(',')}}`;
  for (const table of READ_MODEL_TABLES) await em.execute(`delete from listening.${table} where fan_id = any(?::uuid[])`, [literal]);
  for (const statement of readModelFillStatements('p.fan_id = any(?::uuid[])')) await em.execute(statement, [literal]);
}

/** Fans with plays of these tracks (whose read models a catalogue change touches). */
export async function fansWhoPlayed(em: EntityManager, trackIds: readonly string[]): Promise<string[]> {
  if (trackIds.length === 0) return [];
  const rows = await em.execute<{ fan_id: string }[]>(`select distinct fan_id from listening.fan_tracks where track_id = any(?::uuid[])`, [`{${trackIds.join(',')}}`]);
  return rows.map((row) => row.fan_id);
}
