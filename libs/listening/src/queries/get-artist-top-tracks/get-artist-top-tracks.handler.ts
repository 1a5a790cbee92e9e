import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { assertArtistExists } from '../../domain/artist-details.js';
import { utcWindowStart } from '../../domain/listening-window.js';
import { trackSummaries } from '../../domain/read-models.js';
import { GetArtistTopTracks } from './get-artist-top-tracks.query.js';

/** The artist's tracks by trusted plays in the last `days` UTC days: the artist page's one source (see artist-listeners). */
@QueryHandler(GetArtistTopTracks)
export class GetArtistTopTracksHandler implements IQueryHandler<GetArtistTopTracks> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ artistId, query }: GetArtistTopTracks) {
    const em = this.database.em();
    await assertArtistExists(em, artistId);
    const rows = await em.execute<{ track_id: string; plays: string; listeners: string }[]>(
      `select ta.track_id, count(p.fan_id) as plays, count(distinct p.fan_id) as listeners
         from listening.track_artists ta
         join listening.tracks t on t.id = ta.track_id
         left join listening.plays p on p.track_id = ta.track_id and p.trusted and p.played_at >= coalesce(${utcWindowStart('?')}, '-infinity')
        where ta.artist_id = ? and t.metadata_fetched_at is not null -- names the provider confirmed only
        group by ta.track_id, t.name
        order by plays desc, listeners desc, lower(t.name), ta.track_id
        limit ?`,
      [query.days ?? null, artistId, query.limit],
    );
    const tracks = await trackSummaries(em, rows.map((row) => row.track_id));
    return rows.map((row) => ({ track: tracks.get(row.track_id)!, plays: Number(row.plays), listeners: Number(row.listeners) }));
  }
}
