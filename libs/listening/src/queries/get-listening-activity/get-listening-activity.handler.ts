import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListeningActivity } from '#pie/contracts';
import { Database, executePrepared } from '#pie/platform';
import { connectionOf, type ConnectionStatus } from '../../domain/fan-listening-state.entity.js';
import { importProgressOf, type ImportStatus } from '../../domain/listening-import.entity.js';
import { fanToday, fanZone } from '../../domain/listening-window.js';
import { GetListeningActivity } from './get-listening-activity.query.js';

interface ActivityRow {
  status: ConnectionStatus | null;
  brokenReason: string | null;
  lastSyncedAt: string | null;
  nextPollAt: string;
  lastPlayedAt: string | null;
  connectedAt: string | null;
  playsCount: string | null;
  listenedMs: string | null;
  beta: boolean;
  zone: string;
  plays_7: string;
  ms_7: string;
  plays_28: string;
  ms_28: string;
  from_7: string;
  from_28: string;
  tracks: number | null;
  artists: number | null;
  orphaned_plays: string;
  importId: string | null;
  fileName: string;
  importStatus: ImportStatus;
  totalChunks: number;
  receivedChunks: number;
  totalRows: number;
  processedRows: number;
  insertedRows: number;
  skippedRows: number;
  error: string | null;
  createdAt: string;
  completedAt: string | null;
}

/**
 * The dashboard's overview in one query, from the read models (their cost does not grow with the
 * fan's history): the connection, the totals, the fan's last 7 and 28 local days (today included,
 * the same days as the daily chart) and the latest import.
 */
@QueryHandler(GetListeningActivity)
export class GetListeningActivityHandler implements IQueryHandler<GetListeningActivity> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId }: GetListeningActivity): Promise<ListeningActivity> {
    const [row] = await executePrepared<ActivityRow>(
      this.database.em(),
      `with w as (select ${fanToday('$1')} as today, ${fanZone('$1')} as zone),
            days as (
              select coalesce(sum(d.plays) filter (where d.day > w.today - 7), 0) as plays_7,
                     coalesce(sum(d.listened_ms) filter (where d.day > w.today - 7), 0) as ms_7,
                     coalesce(sum(d.plays), 0) as plays_28, coalesce(sum(d.listened_ms), 0) as ms_28
                from w left join listening.fan_days d on d.fan_id = $1 and d.day > w.today - 28)
       select s.status, s.broken_reason as "brokenReason", s.last_synced_at as "lastSyncedAt", s.next_poll_at as "nextPollAt",
              s.last_played_at as "lastPlayedAt", s.connected_at as "connectedAt", s.plays_count as "playsCount", s.listened_ms as "listenedMs",
              (select fp.beta_joined_at is not null from listening.fan_profiles fp where fp.fan_id = $1) is true as beta,
              w.zone, days.*, to_char(w.today - 6, 'YYYY-MM-DD') as from_7, to_char(w.today - 27, 'YYYY-MM-DD') as from_28,
              s.tracks_count as tracks, s.artists_count as artists,
              (select coalesce(sum(ft.plays), 0) from listening.tracks t join listening.fan_tracks ft on ft.fan_id = $1 and ft.track_id = t.id
                where t.metadata_fetched_at is null and not t.named_by_scrobble) as orphaned_plays,
              i.id as "importId", i.file_name as "fileName", i.status as "importStatus", i.total_chunks as "totalChunks",
              i.received_chunks as "receivedChunks", i.total_rows as "totalRows", i.processed_rows as "processedRows",
              i.inserted_rows as "insertedRows", i.skipped_rows as "skippedRows", i.error, i.created_at as "createdAt", i.completed_at as "completedAt"
         from w cross join days
         left join listening.fan_listening_state s on s.fan_id = $1
         left join lateral (select * from listening.imports where fan_id = $1 order by created_at desc limit 1) i on true`,
      [fanId],
    );
    const n = (value: string | number | null | undefined) => Number(value ?? 0);
    // Raw rows carry timestamps as text.
    const date = (value: Date | string | null) => (value === null ? null : new Date(value));
    return {
      connection: row.status
        ? connectionOf({ ...row, status: row.status, nextPollAt: date(row.nextPollAt)!, lastSyncedAt: date(row.lastSyncedAt), lastPlayedAt: date(row.lastPlayedAt), connectedAt: date(row.connectedAt) })
        : { status: 'not-connected', broken_reason: null, last_synced_at: null, next_sync_at: null, last_played_at: null },
      time_zone: row.zone,
      totals: { plays: n(row.playsCount), listened_ms: n(row.listenedMs), artists: n(row.artists), tracks: n(row.tracks), orphaned_plays: n(row.orphaned_plays) },
      last_7_days: { plays: n(row.plays_7), listened_ms: n(row.ms_7), from: row.from_7 },
      last_28_days: { plays: n(row.plays_28), listened_ms: n(row.ms_28), from: row.from_28 },
      beta: row.beta,
      latest_import: row.importId ? importProgressOf({ ...row, id: row.importId, status: row.importStatus, createdAt: date(row.createdAt)!, completedAt: date(row.completedAt) }) : null,
    };
  }
}
