import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { Database, preparedQuery } from '#pie/platform';
import { listeningDb } from '../../db/listening-db.js';
import { fanWindowFirstDay, fanToday } from '../../domain/listening-window.js';
import { GetDailyListening } from './get-daily-listening.query.js';

/** The fan's last `days` local days, today last, zeros included: from the per-day read model. */
const DAILY = preparedQuery((em, { fanId, days }: { fanId: string; days: number }) =>
  listeningDb(em)
    .with('bounds', (qc) => qc.selectNoFrom([fanWindowFirstDay(fanId, days).as('first'), fanToday(fanId).as('today')]))
    .with('series', (qc) => qc.selectFrom('bounds as b').select(sql<string>`generate_series(b.first, b.today, interval '1 day')::date`.as('day')))
    .selectFrom('series as g')
    .leftJoin('listening.fan_days as d', (join) => join.on('d.fan_id', '=', fanId).onRef('d.day', '=', 'g.day'))
    .select([sql<string>`to_char(g.day, 'YYYY-MM-DD')`.as('day'), sql<string>`coalesce(d.listened_ms, 0)`.as('listened_ms'), sql<string>`coalesce(d.plays, 0)`.as('plays')])
    .orderBy(sql`g.day`),
);

@QueryHandler(GetDailyListening)
export class GetDailyListeningHandler implements IQueryHandler<GetDailyListening> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId, days }: GetDailyListening) {
    const rows = await DAILY(this.database.em(), { fanId, days });
    return rows.map((row) => ({ date: row.day, listened_ms: Number(row.listened_ms), plays: Number(row.plays) }));
  }
}
