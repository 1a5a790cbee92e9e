import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { fanWindowStart } from '../../domain/listening-window.js';
import { assertVisible } from '../../domain/visibility.js';
import { FAN_TRACKS_ORDER, FAN_TRACKS_SQL, toFanTracks, type FanTrackRow } from '../list-popular-tracks/list-popular-tracks.handler.js';
import { ListTopTracks } from './list-top-tracks.query.js';

@QueryHandler(ListTopTracks)
export class ListTopTracksHandler implements IQueryHandler<ListTopTracks> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId, viewerId, query }: ListTopTracks) {
    const em = this.database.em();
    await assertVisible(em, fanId, viewerId, 'top_tracks');
    // The fan's last `days` local days, as on their own dashboard.
    const [{ start }] = await em.execute<{ start: Date }[]>(`select ${fanWindowStart('?', '?')} as start`, [fanId, query.days, fanId]);
    const rows = await em.execute<FanTrackRow[]>(`select * from (${FAN_TRACKS_SQL}) q order by ${FAN_TRACKS_ORDER} limit ?`, [
      fanId,
      new Date(start).toISOString(),
      null,
      query.limit,
    ]);
    return toFanTracks(em, rows);
  }
}
