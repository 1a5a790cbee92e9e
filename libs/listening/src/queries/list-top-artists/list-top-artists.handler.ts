import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { assertVisible } from '../../domain/visibility.js';
import { FAN_ARTISTS_WINDOW_SQL, toFanArtist, type FanArtistRow } from '../list-fan-artists/list-fan-artists.handler.js';
import { ListTopArtists } from './list-top-artists.query.js';

@QueryHandler(ListTopArtists)
export class ListTopArtistsHandler implements IQueryHandler<ListTopArtists> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId, viewerId, query }: ListTopArtists) {
    const em = this.database.em();
    await assertVisible(em, fanId, viewerId, 'top_artists');
    // The fan's last `days` local days, as on their own dashboard.
    const rows = await em.execute<FanArtistRow[]>(`select * from (${FAN_ARTISTS_WINDOW_SQL}) q order by q.listened_ms desc, lower(q.name), q.id limit ?`, [
      fanId,
      fanId,
      query.days,
      query.limit,
    ]);
    return rows.map(toFanArtist);
  }
}
