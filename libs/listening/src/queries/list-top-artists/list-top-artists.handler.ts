import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { Database } from '#pie/platform';
import { listeningDb } from '../../db/listening-db.js';
import { assertVisible } from '../../domain/visibility.js';
import { fanArtistsInWindow, toFanArtist } from '../list-fan-artists/list-fan-artists.handler.js';
import { ListTopArtists } from './list-top-artists.query.js';

@QueryHandler(ListTopArtists)
export class ListTopArtistsHandler implements IQueryHandler<ListTopArtists> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId, viewerId, query }: ListTopArtists) {
    const em = this.database.em();
    await assertVisible(em, fanId, viewerId, 'top_artists');
    // The fan's last `days` local days, as on their own dashboard.
    const rows = await fanArtistsInWindow(listeningDb(em), fanId, query.days)
      .orderBy('s.listened_ms', 'desc')
      .orderBy(sql`lower(a.name)`)
      .orderBy('a.id')
      .limit(query.limit)
      .execute();
    return rows.map(toFanArtist);
  }
}
