import { sql } from 'kysely';
import { textArray, type EntityManager } from '#pie/platform';
import { listeningDb } from '../db/listening-db.js';
import { fanZone, localDay } from './listening-window.js';

/*
 * Read models of a fan's listening (per fan and day, track, artist, artist and day), kept up to
 * date by the play writer as plays arrive, so the dashboard's reads cost the same whatever the
 * size of a fan's history. A play's day is the fan's local day (their profile's time zone); an
 * artist's share of a play is its time divided among the track's credited artists (DESIGN §6).
 *
 * The writer adds new plays to them in the statement that inserts the plays. What changes a
 * fan's past (an orphan track merged into the real one, credits replaced, a new time zone)
 * rebuilds that fan's rows from the plays with `rebuildFanReadModels` (the migration that created
 * the read models ran the same statements for every fan).
 */

/** The fan's read models; the windows (fan-artist-windows.ts) are derived from them on demand. */
export const READ_MODEL_TABLES = ['fan_days', 'fan_tracks', 'fan_artists', 'fan_artist_days', 'fan_windows', 'fan_artist_windows'] as const;

/** Recomputes the read models of these fans from their plays (rare: merges, credit changes, a new time zone). */
export async function rebuildFanReadModels(em: EntityManager, fanIds: readonly string[]): Promise<void> {
  const fans = [...new Set(fanIds)];
  if (fans.length === 0) return;
  const db = listeningDb(em);
  // One array parameter whatever the number of fans.
  const ofFans = (column: string) => sql<boolean>`${sql.ref(column)} = any(${textArray(fans)}::uuid[])`;
  for (const table of READ_MODEL_TABLES) await db.deleteFrom(`listening.${table}`).where(ofFans('fan_id')).execute();
  // Each track's credited artists and their number: a play's time is divided among them (DESIGN §6).
  const credits = db
    .selectFrom('listening.track_artists')
    .select(['track_id', 'artist_id', sql<number>`count(*) over (partition by track_id)`.as('n')])
    .as('c');
  const playDay = localDay(sql.ref('p.played_at'), fanZone(sql.ref('p.fan_id')));
  await db
    .insertInto('listening.fan_days')
    .columns(['fan_id', 'day', 'plays', 'listened_ms'])
    .expression(
      db
        .selectFrom('listening.plays as p')
        .select(['p.fan_id', playDay.as('day'), sql<number>`count(*)`.as('plays'), sql<string>`sum(p.ms_played)`.as('listened_ms')])
        .where(ofFans('p.fan_id'))
        .groupBy([sql`1`, sql`2`]),
    )
    .execute();
  await db
    .insertInto('listening.fan_tracks')
    .columns(['fan_id', 'track_id', 'plays', 'listened_ms', 'last_played_at'])
    .expression(
      db
        .selectFrom('listening.plays as p')
        .select(['p.fan_id', 'p.track_id', sql<number>`count(*)`.as('plays'), sql<string>`sum(p.ms_played)`.as('listened_ms'), sql<string>`max(p.played_at)`.as('last_played_at')])
        .where(ofFans('p.fan_id'))
        .groupBy(['p.fan_id', 'p.track_id']),
    )
    .execute();
  await db
    .insertInto('listening.fan_artists')
    .columns(['fan_id', 'artist_id', 'plays', 'listened_ms', 'last_played_at'])
    .expression(
      db
        .selectFrom('listening.fan_tracks as ft')
        .innerJoin(credits, 'c.track_id', 'ft.track_id')
        .select([
          'ft.fan_id',
          'c.artist_id',
          sql<number>`sum(ft.plays)`.as('plays'),
          sql<string>`sum(ft.listened_ms::numeric / c.n)`.as('listened_ms'),
          sql<string>`max(ft.last_played_at)`.as('last_played_at'),
        ])
        .where(ofFans('ft.fan_id'))
        .groupBy(['ft.fan_id', 'c.artist_id']),
    )
    .execute();
  await db
    .insertInto('listening.fan_artist_days')
    .columns(['fan_id', 'day', 'artist_id', 'plays', 'listened_ms', 'last_played_at'])
    .expression(
      db
        .selectFrom('listening.plays as p')
        .innerJoin(credits, 'c.track_id', 'p.track_id')
        .select([
          'p.fan_id',
          playDay.as('day'),
          'c.artist_id',
          sql<number>`count(*)`.as('plays'),
          sql<string>`sum(p.ms_played::numeric / c.n)`.as('listened_ms'),
          sql<string>`max(p.played_at)`.as('last_played_at'),
        ])
        .where(ofFans('p.fan_id'))
        .groupBy([sql`1`, sql`2`, sql`3`]),
    )
    .execute();
  // The fans' totals from their day rows, the counters from the rows just filled; the version moves (windows recompute).
  const totals = db
    .selectFrom('listening.fan_listening_state as s')
    .leftJoin('listening.fan_days as d', 'd.fan_id', 's.fan_id')
    .select(['s.fan_id', sql<number | null>`sum(d.plays)`.as('plays'), sql<string | null>`sum(d.listened_ms)`.as('listened_ms')])
    .where(ofFans('s.fan_id'))
    .groupBy('s.fan_id')
    .as('t');
  await db
    .updateTable('listening.fan_listening_state as f')
    .from(totals)
    .set((eb) => ({
      plays_count: sql`coalesce(t.plays, 0)`,
      listened_ms: sql`coalesce(t.listened_ms, 0)`,
      read_version: sql`f.read_version + 1`,
      tracks_count: eb.selectFrom('listening.fan_tracks as ft').select(sql<number>`count(*)`.as('n')).whereRef('ft.fan_id', '=', 'f.fan_id'),
      artists_count: eb.selectFrom('listening.fan_artists as fa').select(sql<number>`count(*)`.as('n')).whereRef('fa.fan_id', '=', 'f.fan_id'),
    }))
    .whereRef('f.fan_id', '=', 't.fan_id')
    .execute();
}

/** Fans with plays of these tracks (whose read models a catalogue change touches). */
export async function fansWhoPlayed(em: EntityManager, trackIds: readonly string[]): Promise<string[]> {
  if (trackIds.length === 0) return [];
  const rows = await listeningDb(em)
    .selectFrom('listening.fan_tracks')
    .select('fan_id')
    .distinct()
    .where(sql<boolean>`track_id = any(${textArray(trackIds)}::uuid[])`)
    .execute();
  return rows.map((row) => row.fan_id);
}
