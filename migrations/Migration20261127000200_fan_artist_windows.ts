import { Migration } from '@mikro-orm/migrations';

/**
 * The fan's artists over their last N local days (the dashboard asks for 28), kept as a read
 * model of its own: summing the per-artist-and-day rows of 28 days on every request cost ~3 ms of
 * Postgres for a fan with a year of listening. `fan_windows` says which version of the fan's
 * listening and which first day a window was computed for; `fan_listening_state.read_version` is
 * moved by every write to the fan's read models, so a window is recomputed (once) on the first
 * read after new plays or after local midnight, and every other read is an index range.
 */
export class Migration20261127000200_fan_artist_windows extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table listening.fan_listening_state add column read_version bigint not null default 0`);
    this.addSql(`create table listening.fan_windows (
      fan_id uuid not null,
      days smallint not null check (days >= 1),
      first_day date not null,
      read_version bigint not null,
      artists int not null,
      refreshed_at timestamptz not null default now(),
      primary key (fan_id, days)
    )`);
    this.addSql(`create table listening.fan_artist_windows (
      fan_id uuid not null,
      days smallint not null,
      artist_id uuid not null references listening.artists (id) on delete cascade,
      plays int not null,
      listened_ms numeric not null,
      last_played_at timestamptz not null,
      primary key (fan_id, days, artist_id)
    )`);
    this.addSql(`create index fan_artist_windows_listened_idx on listening.fan_artist_windows (fan_id, days, listened_ms desc)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table listening.fan_artist_windows, listening.fan_windows`);
    this.addSql(`alter table listening.fan_listening_state drop column read_version`);
  }
}
