import { sql, type Kysely } from 'kysely';
import type { ListeningTables } from '../db/tables.generated.js';
import { utcWindowStart } from './listening-window.js';

/*
 * An artist's listeners, "fans who listened" and popularity come from one source: the plays the
 * platform can trust (read from the provider, or an export's play a poll confirmed) in the last
 * N UTC days. An uploaded export can claim anything, so it moves none of them; each fan counts once.
 */

/**
 * Per fan, the artist's share of their trusted plays since the start of the last `days` UTC days
 * (null: all time): fan_id, listened_ms (a play's time divided among the track's credited
 * artists), plays.
 */
export function artistFans(db: Kysely<ListeningTables>, artistId: string, days: number | null) {
  return db
    .with('artist_tracks', (qc) =>
      qc
        .selectFrom('listening.track_artists as ta')
        .select((eb) => ['ta.track_id', eb.selectFrom('listening.track_artists as x').select(sql<string>`count(*)`.as('n')).whereRef('x.track_id', '=', 'ta.track_id').as('n')])
        .where('ta.artist_id', '=', artistId),
    )
    .selectFrom('listening.plays as p')
    .innerJoin('artist_tracks as t', 't.track_id', 'p.track_id')
    .select(['p.fan_id', sql<string>`sum(p.ms_played::numeric / t.n)`.as('listened_ms'), sql<number>`count(*)::int`.as('plays')])
    .where('p.trusted', '=', true)
    .where('p.played_at', '>=', sql<string>`coalesce(${utcWindowStart(days)}, '-infinity')`)
    .groupBy('p.fan_id');
}

/** Listeners per artist (every artist anyone listened to) in the last `days` UTC days, for the popularity job. */
export function listenersByArtist(db: Kysely<ListeningTables>, days: number) {
  return db
    .selectFrom('listening.plays as p')
    .innerJoin('listening.track_artists as ta', 'ta.track_id', 'p.track_id')
    .select(['ta.artist_id', sql<number>`count(distinct p.fan_id)::int`.as('listeners')])
    .where('p.trusted', '=', true)
    .where('p.played_at', '>=', sql<string>`${utcWindowStart(days)}`)
    .groupBy('ta.artist_id');
}
