import { Migration } from '@mikro-orm/migrations';

/**
 * How many tracks and artists a fan has listened to, kept beside the play count by the writer
 * (it knows which per-track and per-artist rows it created) and by the rebuild, so the overview
 * and the totals of the track and artist lists stop counting thousands of rows per request. A
 * partial index finds the tracks still waiting for their metadata (the orphaned plays' tracks).
 */
export class Migration20261127000400_fan_counts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table listening.fan_listening_state add column tracks_count int not null default 0, add column artists_count int not null default 0`);
    this.addSql(`update listening.fan_listening_state f
                    set tracks_count = (select count(*) from listening.fan_tracks t where t.fan_id = f.fan_id),
                        artists_count = (select count(*) from listening.fan_artists a where a.fan_id = f.fan_id)`);
    this.addSql(`create index tracks_orphaned_idx on listening.tracks (id) where metadata_fetched_at is null`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index listening.tracks_orphaned_idx`);
    this.addSql(`alter table listening.fan_listening_state drop column tracks_count, drop column artists_count`);
  }
}
