import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database, pageOf } from '#pie/platform';
import { assertArtistExists } from '../../domain/artist-details.js';
import { ms } from '../../domain/read-models.js';
import { ListArtistFans } from './list-artist-fans.query.js';

/** Each play's share for this artist: its time divided by the track's number of credited artists. */
const PER_FAN = `
  with artist_tracks as (
    select ta.track_id, (select count(*) from listening.track_artists x where x.track_id = ta.track_id) as n
      from listening.track_artists ta where ta.artist_id = ?
  )
  select p.fan_id, sum(p.ms_played::numeric / t.n) as listened_ms, count(*)::int as plays
    from listening.plays p join artist_tracks t on t.track_id = p.track_id
   where p.played_at >= now() - make_interval(days => ?)
   group by p.fan_id`;

@QueryHandler(ListArtistFans)
export class ListArtistFansHandler implements IQueryHandler<ListArtistFans> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ artistId, query }: ListArtistFans) {
    const em = this.database.em();
    await assertArtistExists(em, artistId);
    const [{ total }] = await em.execute<{ total: string }[]>(`select count(*) as total from (${PER_FAN}) f`, [artistId, query.days]);
    const { rows, pagination } = await pageOf<{ fan_id: string; username: string | null; listened_ms: string; plays: number }>(em, {
      sql: `select f.fan_id, fp.username, f.listened_ms, f.plays
              from (${PER_FAN}) f join listening.fan_profiles fp on fp.fan_id = f.fan_id and fp.profile_public`,
      params: [artistId, query.days],
      orderBy: 'q.listened_ms desc, q.fan_id',
      page: query.page,
      limit: query.limit,
    });
    return {
      page: {
        total_fans: Number(total),
        fans: rows.map((row) => ({ _id: row.fan_id, username: row.username, listened_ms: ms(row.listened_ms), plays: Number(row.plays) })),
      },
      pagination,
    };
  }
}
