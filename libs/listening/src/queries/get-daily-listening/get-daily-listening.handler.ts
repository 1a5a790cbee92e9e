import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database, executePrepared } from '#pie/platform';
import { fanWindowFirstDay, fanToday } from '../../domain/listening-window.js';
import { GetDailyListening } from './get-daily-listening.query.js';

/** The fan's last `days` local days, today last, zeros included: from the per-day read model. */
@QueryHandler(GetDailyListening)
export class GetDailyListeningHandler implements IQueryHandler<GetDailyListening> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId, days }: GetDailyListening) {
    const rows = await executePrepared<{ day: string; listened_ms: string; plays: string }>(
      this.database.em(),
      `with bounds as (
         select ${fanWindowFirstDay('$1', '$2')} as first, ${fanToday('$1')} as today
       )
       select to_char(g.day, 'YYYY-MM-DD') as day, coalesce(d.listened_ms, 0) as listened_ms, coalesce(d.plays, 0) as plays
         from bounds b
         cross join lateral generate_series(b.first, b.today, interval '1 day') as g(day)
         left join listening.fan_days d on d.fan_id = $1 and d.day = g.day::date
        order by g.day`,
      [fanId, days],
    );
    return rows.map((row) => ({ date: row.day, listened_ms: Number(row.listened_ms), plays: Number(row.plays) }));
  }
}
