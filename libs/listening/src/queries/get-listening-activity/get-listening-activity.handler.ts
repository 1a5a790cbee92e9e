import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListeningActivity } from '#pie/contracts';
import { Database } from '#pie/platform';
import { FanListeningState } from '../../domain/fan-listening-state.entity.js';
import { FanProfile } from '../../domain/fan-profile.entity.js';
import { ListeningImport } from '../../domain/listening-import.entity.js';
import { GetListeningActivity } from './get-listening-activity.query.js';

@QueryHandler(GetListeningActivity)
export class GetListeningActivityHandler implements IQueryHandler<GetListeningActivity> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId }: GetListeningActivity): Promise<ListeningActivity> {
    const em = this.database.em();
    const state = await em.findOne(FanListeningState, { fanId });
    const profile = await em.findOne(FanProfile, { fanId });
    const latestImport = await em.findOne(ListeningImport, { fanId }, { orderBy: { createdAt: 'desc' } });
    const [totals] = await em.execute<Record<string, string | null>[]>(
      `with fan_plays as (
         select p.track_id, p.ms_played, p.played_at, t.metadata_fetched_at is null as orphaned
           from listening.plays p join listening.tracks t on t.id = p.track_id where p.fan_id = ?
       )
       select count(*) as plays, coalesce(sum(ms_played), 0) as listened_ms, count(distinct track_id) as tracks,
              count(*) filter (where orphaned) as orphaned_plays,
              count(*) filter (where played_at >= now() - interval '7 days') as plays_7,
              coalesce(sum(ms_played) filter (where played_at >= now() - interval '7 days'), 0) as ms_7,
              count(*) filter (where played_at >= now() - interval '28 days') as plays_28,
              coalesce(sum(ms_played) filter (where played_at >= now() - interval '28 days'), 0) as ms_28,
              (select count(distinct ta.artist_id) from listening.track_artists ta where ta.track_id in (select track_id from fan_plays)) as artists
         from fan_plays`,
      [fanId],
    );
    const n = (key: string) => Number(totals?.[key] ?? 0);
    return {
      connection: state
        ? state.connection()
        : { status: 'not-connected', broken_reason: null, last_synced_at: null, next_sync_at: null, last_played_at: null },
      totals: { plays: n('plays'), listened_ms: n('listened_ms'), artists: n('artists'), tracks: n('tracks'), orphaned_plays: n('orphaned_plays') },
      last_7_days: { plays: n('plays_7'), listened_ms: n('ms_7') },
      last_28_days: { plays: n('plays_28'), listened_ms: n('ms_28') },
      beta: Boolean(profile?.betaJoinedAt),
      latest_import: latestImport?.toProgress() ?? null,
    };
  }
}
