import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { listeningDb } from '../../db/listening-db.js';
import { fanWindowStart } from '../../domain/listening-window.js';
import { assertVisible } from '../../domain/visibility.js';
import { byMostPlayed, fanTracksIn, toFanTracks } from '../list-popular-tracks/list-popular-tracks.handler.js';
import { ListTopTracks } from './list-top-tracks.query.js';

@QueryHandler(ListTopTracks)
export class ListTopTracksHandler implements IQueryHandler<ListTopTracks> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId, viewerId, query }: ListTopTracks) {
    const em = this.database.em();
    await assertVisible(em, fanId, viewerId, 'top_tracks');
    // The fan's last `days` local days, as on their own dashboard.
    const db = listeningDb(em);
    const { start } = await db.selectNoFrom(fanWindowStart(fanId, query.days).as('start')).executeTakeFirstOrThrow();
    const figures = fanTracksIn(db, fanId, new Date(start).toISOString(), null);
    const rows = await db.selectFrom(figures.as('q')).selectAll('q').orderBy(byMostPlayed).limit(query.limit).execute();
    return toFanTracks(em, rows);
  }
}
