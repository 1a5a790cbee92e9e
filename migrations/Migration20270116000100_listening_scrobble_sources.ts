import { Migration } from '@mikro-orm/migrations';

/**
 * Scrobbles as play sources (issue 33): `listening.plays.source` also takes `listenbrainz` and
 * `lastfm`, and `precision_s` any width up to 240 s. A scrobble says when the play started, not
 * when it ended; the end lies between the scrobble rule's minimum (half the track, or 4 minutes)
 * and the track's length, a window of up to 4 minutes (`domain/scrobble-plays.ts`).
 *
 * `scrobble_sources`: a fan's ListenBrainz or Last.fm connection — the account, its token or
 * session key (encrypted as identity's provider tokens are), the back-fill's cursor (listens
 * before `backfill_before_ts` are still to read, down to `backfill_oldest_ts`: the progress),
 * the poll's cursor (`newest_seen_ts`) and when the next sync is due.
 */
export class Migration20270116000100_listening_scrobble_sources extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table listening.plays drop constraint plays_source_check,
      add constraint plays_source_check check (source in ('recently-played', 'export', 'listenbrainz', 'lastfm'))`);
    this.addSql(`alter table listening.plays drop constraint plays_precision_s_check,
      add constraint plays_precision_s_check check (precision_s between 1 and 240)`);
    this.addSql(`create table listening.scrobble_sources (
      fan_id uuid not null,
      kind text not null check (kind in ('listenbrainz', 'lastfm')),
      user_name text not null,
      token_sealed text,
      status text not null check (status in ('backfilling', 'connected', 'broken', 'disconnected')),
      broken_reason text,
      backfill_before_ts bigint,
      backfill_oldest_ts bigint,
      backfill_newest_ts bigint,
      newest_seen_ts bigint,
      backfilled_listens integer not null default 0,
      next_sync_at timestamptz not null default now(),
      last_polled_at timestamptz,
      connected_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (fan_id, kind),
      constraint scrobble_sources_token check ((token_sealed is null) = (status = 'disconnected'))
    )`);
    this.addSql(`create index scrobble_sources_due_idx on listening.scrobble_sources (next_sync_at) where status in ('backfilling', 'connected')`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table listening.scrobble_sources`);
    this.addSql(`delete from listening.plays where source in ('listenbrainz', 'lastfm')`);
    this.addSql(`alter table listening.plays drop constraint plays_precision_s_check,
      add constraint plays_precision_s_check check (precision_s in (1, 60))`);
    this.addSql(`alter table listening.plays drop constraint plays_source_check,
      add constraint plays_source_check check (source in ('recently-played', 'export'))`);
  }
}
