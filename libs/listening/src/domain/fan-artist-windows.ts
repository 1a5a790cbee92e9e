import { sql } from 'kysely';
import { preparedQuery, type Database, type EntityManager } from '#pie/platform';
import { listeningDb } from '../db/listening-db.js';
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
    const db = listeningDb(tx);
    await db.selectNoFrom(sql`pg_advisory_xact_lock(hashtextextended('listening-window:' || ${fanId}::text || ':' || ${days}::text, 0))`.as('locked')).execute();
    const done = await freshWindowArtists(tx, fanId, days);
    if (done !== null) return done;
    // The version is read before the rows are summed: plays committed in between make the next read refresh again.
    const state = await db
      .selectNoFrom((eb) => [
        sql<string>`coalesce(${eb.selectFrom('listening.fan_listening_state').select('read_version').where('fan_id', '=', fanId)}, 0)`.as('version'),
        sql<string>`to_char(${fanWindowFirstDay(fanId, days)}, 'YYYY-MM-DD')`.as('first_day'),
      ])
      .executeTakeFirstOrThrow();
    await db.deleteFrom('listening.fan_artist_windows').where('fan_id', '=', fanId).where('days', '=', days).execute();
    const filled = await db
      .insertInto('listening.fan_artist_windows')
      .columns(['fan_id', 'days', 'artist_id', 'plays', 'listened_ms', 'last_played_at'])
      .expression(
        db
          .selectFrom('listening.fan_artist_days')
          .select([
            'fan_id',
            sql<number>`${days}::int`.as('days'),
            'artist_id',
            sql<number>`sum(plays)`.as('plays'),
            sql<string>`sum(listened_ms)`.as('listened_ms'),
            sql<string>`max(last_played_at)`.as('last_played_at'),
          ])
          .where('fan_id', '=', fanId)
          .where('day', '>=', sql<string>`${state.first_day}::date`)
          .groupBy(['fan_id', 'artist_id']),
      )
      .executeTakeFirst();
    const artists = Number(filled.numInsertedOrUpdatedRows ?? 0);
    await db
      .insertInto('listening.fan_windows')
      .values({ fan_id: fanId, days, first_day: state.first_day, read_version: state.version, artists })
      .onConflict((oc) =>
        oc.columns(['fan_id', 'days']).doUpdateSet((eb) => ({
          first_day: eb.ref('excluded.first_day'),
          read_version: eb.ref('excluded.read_version'),
          artists: eb.ref('excluded.artists'),
          refreshed_at: sql`now()`,
        })),
      )
      .execute();
    return artists;
  });
}

/** The window's artist count when it is current, else null. Asked before every read of a kept window: compiled once. */
const FRESH_WINDOW_ARTISTS = preparedQuery((em, { fanId, days }: { fanId: string; days: number }) =>
  listeningDb(em)
    .selectFrom('listening.fan_windows as w')
    .select('w.artists')
    .where('w.fan_id', '=', fanId)
    .where('w.days', '=', days)
    .where((eb) =>
      eb('w.read_version', '=', sql<string>`coalesce(${eb.selectFrom('listening.fan_listening_state as s').select('s.read_version').whereRef('s.fan_id', '=', 'w.fan_id')}, 0)`),
    )
    .where('w.first_day', '=', fanWindowFirstDay(fanId, days)),
);

async function freshWindowArtists(em: EntityManager, fanId: string, days: number): Promise<number | null> {
  const [row] = await FRESH_WINDOW_ARTISTS(em, { fanId, days });
  return row ? Number(row.artists) : null;
}
