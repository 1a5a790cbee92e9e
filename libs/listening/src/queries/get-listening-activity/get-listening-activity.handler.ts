import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListeningActivity } from '#pie/contracts';
import { Database } from '#pie/platform';
import { FanListeningState } from '../../domain/fan-listening-state.entity.js';
import { FanProfile } from '../../domain/fan-profile.entity.js';
import { ListeningImport } from '../../domain/listening-import.entity.js';
import { fanToday, fanZone } from '../../domain/listening-window.js';
import { GetListeningActivity } from './get-listening-activity.query.js';

@QueryHandler(GetListeningActivity)
export class GetListeningActivityHandler implements IQueryHandler<GetListeningActivity> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId }: GetListeningActivity): Promise<ListeningActivity> {
    const em = this.database.em();
    const state = await em.findOne(FanListeningState, { fanId });
    const profile = await em.findOne(FanProfile, { fanId });
    const latestImport = await em.findOne(ListeningImport, { fanId }, { orderBy: { createdAt: 'desc' } });
    // From the read models (their cost does not grow with the fan's history); the windows are the
    // fan's last 7 and 28 local days, today included, the same days as the daily chart.
    const [totals] = await em.execute<Record<string, string | null>[]>(
      `with w as (select ${fanToday('?')} as today, ${fanZone('?')} as zone)
       select coalesce(sum(d.plays) filter (where d.day > w.today - 7), 0) as plays_7,
              coalesce(sum(d.listened_ms) filter (where d.day > w.today - 7), 0) as ms_7,
              coalesce(sum(d.plays) filter (where d.day > w.today - 28), 0) as plays_28,
              coalesce(sum(d.listened_ms) filter (where d.day > w.today - 28), 0) as ms_28,
              to_char(min(w.today) - 6, 'YYYY-MM-DD') as from_7, to_char(min(w.today) - 27, 'YYYY-MM-DD') as from_28, min(w.zone) as zone,
              (select count(*) from listening.fan_tracks where fan_id = ?) as tracks,
              (select count(*) from listening.fan_artists where fan_id = ?) as artists,
              (select coalesce(sum(ft.plays), 0) from listening.fan_tracks ft join listening.tracks t on t.id = ft.track_id
                where ft.fan_id = ? and t.metadata_fetched_at is null) as orphaned_plays
         from w left join listening.fan_days d on d.fan_id = ? and d.day > w.today - 28`,
      [fanId, fanId, fanId, fanId, fanId, fanId],
    );
    const n = (key: string) => Number(totals?.[key] ?? 0);
    return {
      connection: state
        ? state.connection()
        : { status: 'not-connected', broken_reason: null, last_synced_at: null, next_sync_at: null, last_played_at: null },
      time_zone: String(totals?.zone ?? 'UTC'),
      totals: {
        plays: Number(state?.playsCount ?? 0),
        listened_ms: Number(state?.listenedMs ?? 0),
        artists: n('artists'),
        tracks: n('tracks'),
        orphaned_plays: n('orphaned_plays'),
      },
      last_7_days: { plays: n('plays_7'), listened_ms: n('ms_7'), from: String(totals?.from_7) },
      last_28_days: { plays: n('plays_28'), listened_ms: n('ms_28'), from: String(totals?.from_28) },
      beta: Boolean(profile?.betaJoinedAt),
      latest_import: latestImport?.toProgress() ?? null,
    };
  }
}
