import { utcWindowStart } from './listening-window.js';

/*
 * An artist's listeners, "fans who listened" and popularity come from one source: the plays the
 * platform can trust (read from the provider, or an export's play a poll confirmed) in the last
 * N UTC days. An uploaded export can claim anything, so it moves none of them; each fan counts once.
 */

/**
 * Per fan, the artist's share of their trusted plays since the start of the last `days` UTC days:
 * fan_id, listened_ms (a play's time divided among the track's credited artists), plays.
 * Parameters: the artist id, then `days` (null: all time).
 */
export const ARTIST_FANS_SQL = `
  with artist_tracks as (
    select ta.track_id, (select count(*) from listening.track_artists x where x.track_id = ta.track_id) as n
      from listening.track_artists ta where ta.artist_id = ?
  )
  select p.fan_id, sum(p.ms_played::numeric / t.n) as listened_ms, count(*)::int as plays
    from listening.plays p join artist_tracks t on t.track_id = p.track_id
   where p.trusted and p.played_at >= coalesce(${utcWindowStart('?')}, '-infinity')
   group by p.fan_id`;

/**
 * Listeners per artist (every artist anyone listened to) in the last `days` UTC days, for the
 * popularity job: artist_id, listeners. Parameter: `days`.
 */
export const LISTENERS_BY_ARTIST_SQL = `
  select ta.artist_id, count(distinct p.fan_id)::int as listeners
    from listening.plays p join listening.track_artists ta on ta.track_id = p.track_id
   where p.trusted and p.played_at >= ${utcWindowStart('?')}
   group by ta.artist_id`;
