import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListeningActivity } from '#pie/contracts';
import { sql } from 'kysely';
import { Database, preparedQuery } from '#pie/platform';
import { listeningDb } from '../../db/listening-db.js';
import { connectionOf } from '../../domain/fan-listening-state.entity.js';
import { importProgressOf, type ImportStatus } from '../../domain/listening-import.entity.js';
import { fanToday, fanZone } from '../../domain/listening-window.js';
import { GetListeningActivity } from './get-listening-activity.query.js';

/**
 * The dashboard's overview in one query, from the read models (their cost does not grow with the
 * fan's history): the connection, the totals, the fan's last 7 and 28 local days (today included,
 * the same days as the daily chart) and the latest import. Compiled once: it runs on every dashboard view.
 */
const ACTIVITY = preparedQuery((em, { fanId }: { fanId: string }) =>
  listeningDb(em)
    .with('w', (qc) => qc.selectNoFrom([fanToday(fanId).as('today'), fanZone(fanId).as('zone')]))
    .with('days', (qc) =>
      qc
        .selectFrom('w')
        .leftJoin('listening.fan_days as d', (join) => join.on('d.fan_id', '=', fanId).on(sql<boolean>`d.day > w.today - 28`))
        .select([
          sql<string>`coalesce(sum(d.plays) filter (where d.day > w.today - 7), 0)`.as('plays_7'),
          sql<string>`coalesce(sum(d.listened_ms) filter (where d.day > w.today - 7), 0)`.as('ms_7'),
          sql<string>`coalesce(sum(d.plays), 0)`.as('plays_28'),
          sql<string>`coalesce(sum(d.listened_ms), 0)`.as('ms_28'),
        ]),
    )
    .selectFrom('w')
    .crossJoin('days')
    .leftJoin('listening.fan_listening_state as s', (join) => join.on('s.fan_id', '=', fanId))
    .leftJoinLateral(
      (eb) => eb.selectFrom('listening.imports').selectAll().where('fan_id', '=', fanId).orderBy('created_at', 'desc').limit(1).as('i'),
      (join) => join.onTrue(),
    )
    .select((eb) => [
      's.status',
      's.broken_reason as brokenReason',
      's.last_synced_at as lastSyncedAt',
      's.next_poll_at as nextPollAt',
      's.last_played_at as lastPlayedAt',
      's.connected_at as connectedAt',
      's.plays_count as playsCount',
      's.listened_ms as listenedMs',
      sql<boolean>`${eb.selectFrom('listening.fan_profiles as fp').select(sql<boolean>`fp.beta_joined_at is not null`.as('b')).where('fp.fan_id', '=', fanId)} is true`.as('beta'),
      'w.zone',
      'days.plays_7',
      'days.ms_7',
      'days.plays_28',
      'days.ms_28',
      sql<string>`to_char(w.today - 6, 'YYYY-MM-DD')`.as('from_7'),
      sql<string>`to_char(w.today - 27, 'YYYY-MM-DD')`.as('from_28'),
      's.tracks_count as tracks',
      's.artists_count as artists',
      eb
        .selectFrom('listening.tracks as t')
        .innerJoin('listening.fan_tracks as ft', (join) => join.on('ft.fan_id', '=', fanId).onRef('ft.track_id', '=', 't.id'))
        .select(sql<string>`coalesce(sum(ft.plays), 0)`.as('n'))
        .where('t.metadata_fetched_at', 'is', null)
        .where('t.named_by_scrobble', '=', false)
        .as('orphaned_plays'),
      'i.id as importId',
      'i.file_name as fileName',
      'i.status as importStatus',
      'i.total_chunks as totalChunks',
      'i.received_chunks as receivedChunks',
      'i.total_rows as totalRows',
      'i.processed_rows as processedRows',
      'i.inserted_rows as insertedRows',
      'i.skipped_rows as skippedRows',
      'i.error',
      'i.created_at as createdAt',
      'i.completed_at as completedAt',
    ]),
);

@QueryHandler(GetListeningActivity)
export class GetListeningActivityHandler implements IQueryHandler<GetListeningActivity> {
  constructor(@Inject(Database) private readonly database: Database) {}

  async execute({ fanId }: GetListeningActivity): Promise<ListeningActivity> {
    const [row] = await ACTIVITY(this.database.em(), { fanId });
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
      // The import's columns are all set when it exists (a left join types them nullable).
      latest_import: row.importId
        ? importProgressOf({
            id: row.importId,
            fileName: row.fileName!,
            status: row.importStatus as ImportStatus,
            totalChunks: row.totalChunks!,
            receivedChunks: row.receivedChunks!,
            totalRows: row.totalRows!,
            processedRows: row.processedRows!,
            insertedRows: row.insertedRows!,
            skippedRows: row.skippedRows!,
            error: row.error,
            createdAt: date(row.createdAt)!,
            completedAt: date(row.completedAt),
          })
        : null,
    };
  }
}
