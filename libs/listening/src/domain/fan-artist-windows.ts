import { executePrepared, type Database, type EntityManager } from '#pie/platform';
import { lockCatalogue } from './catalogue-lock.js';
import { fanWindowFirstDay } from './listening-window.js';

/*
 * The fan's artists over their last `days` local days, as a read model of its own
 * (`listening.fan_artist_windows`, one row per artist, read along an index). A window is
 * recomputed from the per-artist-and-day rows when it is missing, when the fan's listening changed
 * since (`fan_listening_state.read_version`, moved by every write to the read models) or when the
 * fan's local day moved on; otherwise a read costs what its page costs, whatever the fan's history.
 */

/**
 * The windows kept as read models: the dashboard's. Any other `days` is summed on request (a kept
 * window per possible `days` would let one fan fill the table with 3,660 copies of their artists).
 */
export const KEPT_WINDOW_DAYS: readonly number[] = [7, 28];

/** Makes sure the fan's `days` window is current and returns how many artists it holds. */
export async function currentFanArtistWindow(database: Database, fanId: string, days: number): Promise<number> {
  const fresh = await freshWindowArtists(database.em(), fanId, days);
  if (fresh !== null) return fresh;
  return database.transaction(async (tx) => {
    // The refresh copies artist ids out of the day rows: a catalogue merge moving those rows to the
    // real artist and deleting the name-only one meanwhile made the copy fail on its foreign key.
    await lockCatalogue(tx, 'shared');
    // One refresh per fan and window at a time; whoever waited finds it done.
    await tx.execute(`select pg_advisory_xact_lock(hashtextextended('listening-window:' || ? || ':' || ?, 0))`, [fanId, days]);
    const done = await freshWindowArtists(tx, fanId, days);
    if (done !== null) return done;
    // The version is read before the rows are summed: plays committed in between make the next read refresh again.
    const [state] = await tx.execute<{ version: string; first_day: string }[]>(
      `select coalesce((select read_version from listening.fan_listening_state where fan_id = ?), 0) as version,
              to_char(${fanWindowFirstDay('?', '?')}, 'YYYY-MM-DD') as first_day`,
      [fanId, fanId, days],
    );
    await tx.execute(`delete from listening.fan_artist_windows where fan_id = ? and days = ?`, [fanId, days]);
    const [{ artists }] = await tx.execute<{ artists: number }[]>(
      `with filled as (
         insert into listening.fan_artist_windows (fan_id, days, artist_id, plays, listened_ms, last_played_at)
         select fan_id, ?, artist_id, sum(plays), sum(listened_ms), max(last_played_at)
           from listening.fan_artist_days where fan_id = ? and day >= ?::date
          group by fan_id, artist_id
         returning 1)
       select count(*)::int as artists from filled`,
      [days, fanId, state.first_day],
    );
    await tx.execute(
      `insert into listening.fan_windows (fan_id, days, first_day, read_version, artists) values (?, ?, ?::date, ?, ?)
       on conflict (fan_id, days) do update set first_day = excluded.first_day, read_version = excluded.read_version, artists = excluded.artists, refreshed_at = now()`,
      [fanId, days, state.first_day, state.version, artists],
    );
    return artists;
  });
}

/** The window's artist count when it is current, else null. */
async function freshWindowArtists(em: EntityManager, fanId: string, days: number): Promise<number | null> {
  // Asked before every read of a kept window: a prepared statement.
  const [row] = await executePrepared<{ artists: number }>(
    em,
    `select w.artists from listening.fan_windows w
      where w.fan_id = $1 and w.days = $2
        and w.read_version = coalesce((select read_version from listening.fan_listening_state where fan_id = w.fan_id), 0)
        and w.first_day = ${fanWindowFirstDay('$1', '$2')}`,
    [fanId, days],
  );
  return row ? Number(row.artists) : null;
}
