import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { Database } from '#pie/platform';
import { listeningDb } from '../../db/listening-db.js';
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
    // The fan's plays of the artist's tracks, with each track's number of credited artists and whether the provider confirmed it.
    const fanPlays = listeningDb(em)
      .with('artist_tracks', (qc) =>
        qc
          .selectFrom('listening.track_artists as ta')
          .select((eb) => [
            'ta.track_id',
            eb.selectFrom('listening.track_artists as x').select(sql<string>`count(*)`.as('n')).whereRef('x.track_id', '=', 'ta.track_id').as('n'),
            eb.selectFrom('listening.tracks as tr').select(sql<boolean>`tr.metadata_fetched_at is not null`.as('c')).whereRef('tr.id', '=', 'ta.track_id').as('confirmed'),
          ])
          .where('ta.artist_id', '=', artistId),
      )
      .with('fp', (qc) =>
        qc
          .selectFrom('listening.plays as p')
          .innerJoin('artist_tracks as t', 't.track_id', 'p.track_id')
          .select(['p.track_id', 'p.ms_played', 'p.played_at', 'p.trusted', 't.n', 't.confirmed'])
          .where('p.fan_id', '=', fanId),
      )
      .selectFrom('fp');
    // counted_plays: what the public top tracks count of this fan (get-artist-top-tracks: trusted plays of confirmed tracks).
    const totals = await fanPlays
      .select([
        sql<string | null>`sum(ms_played::numeric / n)`.as('listened_ms'),
        sql<string>`count(*)`.as('plays'),
        sql<string>`count(*) filter (where trusted and confirmed)`.as('counted_plays'),
        sql<string | null>`min(played_at)`.as('first_played_at'),
        sql<string | null>`max(played_at)`.as('last_played_at'),
      ])
      .executeTakeFirst();
    const top = await fanPlays
      .select(['track_id', sql<string>`count(*)`.as('plays'), sql<string>`sum(ms_played)`.as('listened_ms'), sql<string>`max(played_at)`.as('last_played_at')])
      .groupBy('track_id')
      .orderBy('plays', 'desc')
      .orderBy('listened_ms', 'desc')
      .orderBy('track_id')
      .limit(TOP_TRACKS)
      .execute();
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
