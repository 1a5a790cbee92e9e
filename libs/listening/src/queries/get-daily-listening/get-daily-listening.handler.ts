import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '#pie/platform';
import { GetDailyListening } from './get-daily-listening.query.js';

@QueryHandler(GetDailyListening)
export class GetDailyListeningHandler implements IQueryHandler<GetDailyListening> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId, days }: GetDailyListening) {
    const rows = await this.database.em().execute<{ day: string; listened_ms: string; plays: string }[]>(
      `with bounds as (
         select (now() at time zone 'UTC')::date as today
       ), days as (
         select generate_series(b.today - (?::int - 1), b.today, interval '1 day')::date as day from bounds b
       ), totals as (
         select (p.played_at at time zone 'UTC')::date as day, sum(p.ms_played) as listened_ms, count(*) as plays
           from listening.plays p, bounds b
          where p.fan_id = ? and p.played_at >= (b.today - (?::int - 1))::timestamp at time zone 'UTC'
          group by 1
       )
       select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(t.listened_ms, 0) as listened_ms, coalesce(t.plays, 0) as plays
         from days d left join totals t on t.day = d.day order by d.day`,
      [days, fanId, days],
    );
    return rows.map((row) => ({ date: row.day, listened_ms: Number(row.listened_ms), plays: Number(row.plays) }));
  }
}
