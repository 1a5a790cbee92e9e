import { Migration } from '@mikro-orm/migrations';

/**
 * The play writer's two biggest read models keep only their key (issue 32). `fan_tracks` and
 * `fan_artists` lose their ordering indexes (most played, most listened, most recent). Their keys
 * are the counters every play moves, so no update of those rows was HOT: each one wrote a new
 * entry into all three indexes, across the fan's whole range, and a batch of a 2,000-fan import
 * dirtied nearly every leaf page of them. A fan's tracks and artists are a few thousand rows read
 * along the (fan, …) key and ordered at read time. With room on their pages (fillfactor 70) an
 * update of a row already stored writes no index entry at all.
 *
 * Locks: it touches only these two tables, in the order the writer's statement locks them
 * (`fan_tracks`, then `fan_artists`), so a poll or an import running meanwhile waits or finishes
 * first (a column on `fan_listening_state` here deadlocked with a poll holding its row).
 */
export class Migration20270401000100_listening_writer_hot_rows extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index listening.fan_tracks_popular_idx`);
    this.addSql(`drop index listening.fan_artists_listened_idx`);
    this.addSql(`drop index listening.fan_artists_recent_idx`);
    this.addSql(`alter table listening.fan_tracks set (fillfactor = 70)`);
    this.addSql(`alter table listening.fan_artists set (fillfactor = 70)`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table listening.fan_tracks reset (fillfactor)`);
    this.addSql(`alter table listening.fan_artists reset (fillfactor)`);
    this.addSql(`create index fan_tracks_popular_idx on listening.fan_tracks (fan_id, plays desc, listened_ms desc, track_id)`);
    this.addSql(`create index fan_artists_listened_idx on listening.fan_artists (fan_id, listened_ms desc, artist_id)`);
    this.addSql(`create index fan_artists_recent_idx on listening.fan_artists (fan_id, last_played_at desc, artist_id)`);
  }
}
