import { Migration } from '@mikro-orm/migrations';

/**
 * The listening module (DESIGN §6–7): the catalogue (artists, tracks, credited artists), every play
 * once per (fan, track, played_at), each fan's polling state, export uploads, and fan profiles
 * (username, what others may see).
 */
export class Migration20261123000400_listening extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create schema if not exists listening`);

    // Artists: provider id unique; artists known only by a name (from an export) have none until
    // the catalogue fetch finds them, and there is one such "orphan" artist per name.
    this.addSql(`create table listening.artists (
      id uuid primary key default gen_random_uuid(),
      provider_id text unique,
      name text not null check (length(name) between 1 and 500),
      image_url text,
      country text check (country ~ '^[A-Z]{2}$'),
      genres text[] not null default '{}',
      active boolean not null default true,
      popularity smallint not null default 0 check (popularity between 0 and 100),
      listeners_28d integer not null default 0,
      metadata_fetched_at timestamptz,
      fetch_attempts smallint not null default 0,
      created_at timestamptz not null default now()
    )`);
    this.addSql(`create unique index artists_orphan_name_unique on listening.artists (lower(name)) where provider_id is null`);
    this.addSql(`create index artists_name_idx on listening.artists (lower(name))`);
    this.addSql(`create index artists_popularity_idx on listening.artists (popularity desc, name)`);
    this.addSql(`create index artists_missing_metadata_idx on listening.artists (created_at) where metadata_fetched_at is null and provider_id is not null`);

    // Tracks: metadata_fetched_at null means "orphaned" (known by name or id only). match_key is
    // lower(primary artist) + U+241F + lower(track name): how export rows without an id find a track.
    this.addSql(`create table listening.tracks (
      id uuid primary key default gen_random_uuid(),
      provider_id text unique,
      name text not null check (length(name) between 1 and 500),
      match_key text not null,
      duration_ms integer check (duration_ms >= 0),
      album text,
      image_url text,
      metadata_fetched_at timestamptz,
      fetch_attempts smallint not null default 0,
      created_at timestamptz not null default now()
    )`);
    this.addSql(`create unique index tracks_orphan_match_unique on listening.tracks (match_key) where provider_id is null`);
    this.addSql(`create index tracks_match_key_idx on listening.tracks (match_key)`);
    this.addSql(`create index tracks_missing_metadata_idx on listening.tracks (created_at) where metadata_fetched_at is null and provider_id is not null`);

    this.addSql(`create table listening.track_artists (
      track_id uuid not null references listening.tracks (id) on delete cascade,
      artist_id uuid not null references listening.artists (id) on delete cascade,
      position smallint not null default 0,
      primary key (track_id, artist_id)
    )`);
    this.addSql(`create index track_artists_artist_idx on listening.track_artists (artist_id)`);

    // Plays: the dedup key (fan, track, played_at) is the primary key, ordered so that it also
    // serves "this fan's plays in a period". No foreign key to identity: each module owns its schema.
    this.addSql(`create table listening.plays (
      fan_id uuid not null,
      played_at timestamptz not null,
      track_id uuid not null references listening.tracks (id),
      ms_played integer not null check (ms_played >= 0),
      source text not null check (source in ('recently-played', 'export')),
      primary key (fan_id, played_at, track_id)
    )`);
    this.addSql(`create index plays_track_idx on listening.plays (track_id, played_at)`);
    this.addSql(`create index plays_played_at_idx on listening.plays (played_at)`);

    this.addSql(`create table listening.fan_listening_state (
      fan_id uuid primary key,
      status text not null check (status in ('connected', 'broken', 'disconnected')),
      broken_reason text,
      last_played_at timestamptz,
      last_polled_at timestamptz,
      last_synced_at timestamptz,
      next_poll_at timestamptz not null,
      plays_count bigint not null default 0,
      connected_at timestamptz,
      updated_at timestamptz not null default now()
    )`);
    this.addSql(`create index fan_listening_state_due_idx on listening.fan_listening_state (next_poll_at) where status = 'connected'`);

    this.addSql(`create table listening.imports (
      id uuid primary key,
      fan_id uuid not null,
      file_name text not null,
      status text not null check (status in ('uploading', 'queued', 'processing', 'completed', 'failed')),
      total_chunks integer not null check (total_chunks between 1 and 500),
      received_chunks integer not null default 0,
      next_chunk integer not null default 0,
      total_rows integer not null default 0,
      processed_rows integer not null default 0,
      inserted_rows integer not null default 0,
      skipped_rows integer not null default 0,
      error text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      completed_at timestamptz
    )`);
    this.addSql(`create index imports_fan_idx on listening.imports (fan_id, created_at desc)`);
    this.addSql(`create table listening.import_chunks (
      import_id uuid not null references listening.imports (id) on delete cascade,
      index integer not null,
      row_count integer not null,
      skipped_rows integer not null default 0,
      rows jsonb not null,
      primary key (import_id, index)
    )`);

    this.addSql(`create table listening.fan_profiles (
      fan_id uuid primary key,
      username text check (username ~ '^[A-Za-z0-9._-]{3,30}$'),
      profile_public boolean not null default false,
      top_artists_public boolean not null default false,
      top_tracks_public boolean not null default false,
      recent_listening_public boolean not null default false,
      beta_joined_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    this.addSql(`create unique index fan_profiles_username_unique on listening.fan_profiles (lower(username))`);

    // The provider's rate limit is per app: one 429 pauses every call to it until Retry-After.
    this.addSql(`create table listening.provider_cooldowns (
      provider text primary key,
      until timestamptz not null
    )`);
    // Where the scheduler's pass over identity's connected fans stands.
    this.addSql(`create table listening.sync_cursors (
      name text primary key,
      after_fan_id uuid,
      updated_at timestamptz not null default now()
    )`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop schema listening cascade`);
  }
}
