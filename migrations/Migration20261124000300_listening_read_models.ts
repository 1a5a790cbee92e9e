import { Migration } from '@mikro-orm/migrations';

/**
 * Listening, hardened (issue 10 items 8, 9, 12; issue 16 item 1):
 * - plays remember how precise their end time is (1 s, or 60 s for the basic export's minutes) and
 *   whether the platform can trust them (read from the provider, or confirmed by a poll), so a play
 *   arriving from two sources is matched within a tolerance and popularity counts trusted plays only;
 * - the fan's time zone (their "days"), uploads' recovery count and bytes;
 * - read models per fan and day, track, artist, artist and day, filled from the plays here and kept
 *   up to date by the play writer.
 */
export class Migration20261124000300_listening_read_models extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table listening.plays
      add column precision_s smallint not null default 1 check (precision_s in (1, 60)),
      add column trusted boolean not null default false`);
    this.addSql(`update listening.plays set trusted = true where source = 'recently-played'`);
    // Export plays stored before this: a time on the whole minute came from the basic format.
    this.addSql(`update listening.plays set precision_s = 60 where source = 'export' and extract(second from played_at) = 0`);
    // Popularity and artist listeners read trusted plays per track and period.
    this.addSql(`create index plays_trusted_track_idx on listening.plays (track_id, played_at) include (fan_id) where trusted`);

    this.addSql(`alter table listening.fan_profiles add column time_zone text not null default 'UTC'`);
    this.addSql(`alter table listening.fan_listening_state add column listened_ms bigint not null default 0`);
    this.addSql(`alter table listening.imports add column recoveries smallint not null default 0`);
    this.addSql(`alter table listening.import_chunks add column bytes integer not null default 0`);
    this.addSql(`update listening.import_chunks set bytes = octet_length(rows::text)`);
    this.addSql(`create index imports_open_idx on listening.imports (updated_at) where status in ('uploading', 'queued', 'processing')`);

    this.addSql(`create table listening.fan_days (
      fan_id uuid not null, day date not null, plays integer not null, listened_ms bigint not null,
      primary key (fan_id, day)
    )`);
    this.addSql(`create table listening.fan_tracks (
      fan_id uuid not null, track_id uuid not null references listening.tracks (id) on delete cascade,
      plays integer not null, listened_ms bigint not null, last_played_at timestamptz not null,
      primary key (fan_id, track_id)
    )`);
    this.addSql(`create index fan_tracks_popular_idx on listening.fan_tracks (fan_id, plays desc, listened_ms desc, track_id)`);
    this.addSql(`create index fan_tracks_track_idx on listening.fan_tracks (track_id)`);
    this.addSql(`create table listening.fan_artists (
      fan_id uuid not null, artist_id uuid not null references listening.artists (id) on delete cascade,
      plays integer not null, listened_ms numeric not null, last_played_at timestamptz not null,
      primary key (fan_id, artist_id)
    )`);
    this.addSql(`create index fan_artists_listened_idx on listening.fan_artists (fan_id, listened_ms desc, artist_id)`);
    this.addSql(`create index fan_artists_recent_idx on listening.fan_artists (fan_id, last_played_at desc, artist_id)`);
    this.addSql(`create table listening.fan_artist_days (
      fan_id uuid not null, day date not null, artist_id uuid not null references listening.artists (id) on delete cascade,
      plays integer not null, listened_ms numeric not null, last_played_at timestamptz not null,
      primary key (fan_id, day, artist_id)
    )`);

    const day = `((p.played_at at time zone coalesce((select fp.time_zone from listening.fan_profiles fp where fp.fan_id = p.fan_id), 'UTC'))::date)`;
    this.addSql(`insert into listening.fan_days (fan_id, day, plays, listened_ms)
      select p.fan_id, ${day}, count(*), sum(p.ms_played) from listening.plays p group by 1, 2`);
    this.addSql(`insert into listening.fan_tracks (fan_id, track_id, plays, listened_ms, last_played_at)
      select p.fan_id, p.track_id, count(*), sum(p.ms_played), max(p.played_at) from listening.plays p group by 1, 2`);
    this.addSql(`insert into listening.fan_artists (fan_id, artist_id, plays, listened_ms, last_played_at)
      select ft.fan_id, c.artist_id, sum(ft.plays), sum(ft.listened_ms::numeric / c.n), max(ft.last_played_at)
        from listening.fan_tracks ft
        join (select track_id, artist_id, count(*) over (partition by track_id) as n from listening.track_artists) c on c.track_id = ft.track_id
       group by 1, 2`);
    this.addSql(`insert into listening.fan_artist_days (fan_id, day, artist_id, plays, listened_ms, last_played_at)
      select p.fan_id, ${day}, c.artist_id, count(*), sum(p.ms_played::numeric / c.n), max(p.played_at)
        from listening.plays p
        join (select track_id, artist_id, count(*) over (partition by track_id) as n from listening.track_artists) c on c.track_id = p.track_id
       group by 1, 2, 3`);
    this.addSql(`update listening.fan_listening_state f set plays_count = t.plays, listened_ms = t.listened_ms
      from (select fan_id, sum(plays) as plays, sum(listened_ms) as listened_ms from listening.fan_days group by fan_id) t
     where f.fan_id = t.fan_id`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table listening.fan_artist_days, listening.fan_artists, listening.fan_tracks, listening.fan_days`);
    this.addSql(`drop index listening.imports_open_idx`);
    this.addSql(`alter table listening.import_chunks drop column bytes`);
    this.addSql(`alter table listening.imports drop column recoveries`);
    this.addSql(`alter table listening.fan_listening_state drop column listened_ms`);
    this.addSql(`alter table listening.fan_profiles drop column time_zone`);
    this.addSql(`drop index listening.plays_trusted_track_idx`);
    this.addSql(`alter table listening.plays drop column precision_s, drop column trusted`);
  }
}
