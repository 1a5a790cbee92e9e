import { Migration } from '@mikro-orm/migrations';

/**
 * The play writer's two biggest read models keep only their key (issue 32), and a fan's state
 * says when the cross-source match has nothing to find.
 *
 * - `fan_tracks` and `fan_artists` lose their ordering indexes (most played, most listened, most
 *   recent). Their keys are the counters every play moves, so no update of those rows was HOT:
 *   each one wrote a new entry into all three indexes, across the fan's whole range, and a batch
 *   of a 2,000-fan import dirtied nearly every leaf page of them. A fan's tracks and artists are a
 *   few thousand rows read along the (fan, …) key and ordered at read time. With room on their
 *   pages (fillfactor 70) an update of a row already stored writes no index entry at all.
 * - `fan_listening_state.play_kind`: the one (source, precision) all of the fan's stored plays
 *   share, `*` once they differ, null before the first play. The match (`SAME_PLAY`) only pairs
 *   plays of another source or precision, so a batch of the stored plays' own kind (an export into
 *   an export's history, a poll into polls) skips its per-play lookup. Kept by the writer in the
 *   statement that inserts the plays (under the fan's lock); never narrowed, so a kind that
 *   outlives its plays only ever costs a lookup.
 */
export class Migration20270401000100_listening_writer_hot_rows extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index listening.fan_tracks_popular_idx`);
    this.addSql(`drop index listening.fan_artists_listened_idx`);
    this.addSql(`drop index listening.fan_artists_recent_idx`);
    this.addSql(`alter table listening.fan_tracks set (fillfactor = 70)`);
    this.addSql(`alter table listening.fan_artists set (fillfactor = 70)`);
    this.addSql(`alter table listening.fan_listening_state add column play_kind text`);
    this.addSql(
      `update listening.fan_listening_state f set play_kind = k.kind
         from (select fan_id, case when min(source || '/' || precision_s) = max(source || '/' || precision_s)
                                   then min(source || '/' || precision_s) else '*' end as kind
                 from listening.plays group by fan_id) k
        where k.fan_id = f.fan_id`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table listening.fan_listening_state drop column play_kind`);
    this.addSql(`alter table listening.fan_tracks reset (fillfactor)`);
    this.addSql(`alter table listening.fan_artists reset (fillfactor)`);
    this.addSql(`create index fan_tracks_popular_idx on listening.fan_tracks (fan_id, plays desc, listened_ms desc, track_id)`);
    this.addSql(`create index fan_artists_listened_idx on listening.fan_artists (fan_id, listened_ms desc, artist_id)`);
    this.addSql(`create index fan_artists_recent_idx on listening.fan_artists (fan_id, last_played_at desc, artist_id)`);
  }
}
