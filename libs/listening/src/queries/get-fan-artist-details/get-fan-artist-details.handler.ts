import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { loadArtistDetails } from '../../domain/artist-details.js';
import { ms, trackSummaries } from '../../domain/read-models.js';
import { GetFanArtistDetails } from './get-fan-artist-details.query.js';

const TOP_TRACKS = 10;

@QueryHandler(GetFanArtistDetails)
export class GetFanArtistDetailsHandler implements IQueryHandler<GetFanArtistDetails> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId, artistId }: GetFanArtistDetails) {
    const em = this.database.em();
    const artist = await loadArtistDetails(em, artistId);
    const fanPlays = `
      with artist_tracks as (
        select ta.track_id, (select count(*) from listening.track_artists x where x.track_id = ta.track_id) as n,
               (select tr.metadata_fetched_at is not null from listening.tracks tr where tr.id = ta.track_id) as confirmed
          from listening.track_artists ta where ta.artist_id = ?
      ), fp as (
        select p.track_id, p.ms_played, p.played_at, p.trusted, t.n, t.confirmed from listening.plays p join artist_tracks t on t.track_id = p.track_id where p.fan_id = ?
      )`;
    // counted_plays: what the public top tracks count of this fan (get-artist-top-tracks: trusted plays of confirmed tracks).
    const [totals] = await em.execute<{ listened_ms: string | null; plays: string; counted_plays: string; first_played_at: Date | null; last_played_at: Date | null }[]>(
      `${fanPlays} select sum(ms_played::numeric / n) as listened_ms, count(*) as plays, count(*) filter (where trusted and confirmed) as counted_plays,
                          min(played_at) as first_played_at, max(played_at) as last_played_at from fp`,
      [artistId, fanId],
    );
    const top = await em.execute<{ track_id: string; plays: string; listened_ms: string; last_played_at: Date }[]>(
      `${fanPlays} select track_id, count(*) as plays, sum(ms_played) as listened_ms, max(played_at) as last_played_at
         from fp group by track_id order by plays desc, listened_ms desc, track_id limit ?`,
      [artistId, fanId, TOP_TRACKS],
    );
    const tracks = await trackSummaries(em, top.map((row) => row.track_id));
    return {
      artist,
      listened_ms: ms(totals?.listened_ms),
      plays: Number(totals?.plays ?? 0),
      counted_plays: Number(totals?.counted_plays ?? 0),
      first_played_at: totals?.first_played_at ? new Date(totals.first_played_at).toISOString() : null,
      last_played_at: totals?.last_played_at ? new Date(totals.last_played_at).toISOString() : null,
      top_tracks: top.map((row) => ({
        track: tracks.get(row.track_id)!,
        plays: Number(row.plays),
        listened_ms: ms(row.listened_ms),
        last_played_at: new Date(row.last_played_at).toISOString(),
      })),
    };
  }
}
