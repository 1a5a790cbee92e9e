import { Migration } from '@mikro-orm/migrations';

/**
 * The pies module (DESIGN §6): pies and their settings, pie periods (open → closing → closed),
 * pie artists with the fan's manual inclusion, per-fan bans, and each closed period's snapshot of
 * every artist considered (with the reason for each exclusion) and its allocation in cents.
 */
export class Migration20261124000600_pies extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create schema if not exists pies`);

    // A pie: the settings in force now; `pending_settings` are the fan's changes, applied when the
    // next period opens. One live pie per fan at a time (DESIGN §5).
    this.addSql(`create table pies.pies (
      id uuid primary key default gen_random_uuid(),
      fan_id uuid not null,
      subscription_id text unique,
      promo boolean not null default false,
      amount_cents bigint not null check (amount_cents > 0),
      artist_limit smallint not null check (artist_limit between 1 and 100),
      artist_popularity smallint not null check (artist_popularity between 0 and 100),
      exclude_non_active boolean not null,
      pie_days smallint not null check (pie_days between 7 and 90),
      pending_settings jsonb,
      status text not null default 'active' check (status in ('active', 'past_due', 'canceled', 'ended')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      ended_at timestamptz
    )`);
    this.addSql(`create unique index pies_one_live_per_fan on pies.pies (fan_id) where status in ('active', 'past_due')`);
    this.addSql(`create index pies_fan_idx on pies.pies (fan_id, created_at desc)`);

    // A period: the settings it is split with are copied in when it opens, so a change made
    // mid-period cannot touch it. Closing writes journal_id and the figures in one transaction.
    this.addSql(`create table pies.periods (
      id uuid primary key default gen_random_uuid(),
      pie_id uuid not null references pies.pies (id) on delete cascade,
      seq integer not null check (seq >= 1),
      starts_at timestamptz not null,
      ends_at timestamptz not null check (ends_at > starts_at),
      funded_cents bigint not null default 0 check (funded_cents >= 0),
      invoice_id text unique,
      amount_cents bigint not null check (amount_cents > 0),
      artist_limit smallint not null check (artist_limit between 1 and 100),
      artist_popularity smallint not null check (artist_popularity between 0 and 100),
      exclude_non_active boolean not null,
      state text not null default 'open' check (state in ('open', 'closing', 'closed')),
      closing_since timestamptz,
      closed_at timestamptz,
      split_cents bigint check (split_cents >= 0),
      distributed_cents bigint check (distributed_cents >= 0),
      artist_count integer check (artist_count >= 0),
      rolled_over boolean,
      journal_id uuid,
      unique (pie_id, seq),
      unique (pie_id, starts_at),
      check ((state = 'closed') = (closed_at is not null))
    )`);
    this.addSql(`create index periods_due_idx on pies.periods (ends_at) where state <> 'closed'`);

    // Pie artists: one row per artist the fan made a choice about in this pie (pieArtistId).
    this.addSql(`create table pies.pie_artists (
      id uuid primary key default gen_random_uuid(),
      pie_id uuid not null references pies.pies (id) on delete cascade,
      artist_id uuid not null,
      inclusion text not null default 'default' check (inclusion in ('default', 'included', 'excluded')),
      updated_at timestamptz not null default now(),
      unique (pie_id, artist_id)
    )`);

    // Bans are the fan's, across all their pies.
    this.addSql(`create table pies.fan_bans (
      fan_id uuid not null,
      artist_id uuid not null,
      created_at timestamptz not null default now(),
      primary key (fan_id, artist_id)
    )`);

    // The close's snapshot: every artist considered, why each left out one was left out, and the
    // cents each selected one received (the rows with share_cents > 0 are the allocations).
    this.addSql(`create table pies.period_artists (
      period_id uuid not null references pies.periods (id) on delete cascade,
      artist_id uuid not null,
      artist_name text not null,
      listened_ms numeric not null check (listened_ms >= 0),
      popularity smallint not null,
      active boolean not null,
      inclusion text not null,
      banned boolean not null,
      selected boolean not null,
      reason text check (reason in ('banned', 'excluded', 'no_listening', 'not_active', 'over_limit')),
      tilt numeric not null,
      weight numeric not null check (weight >= 0),
      share_cents bigint not null check (share_cents >= 0),
      primary key (period_id, artist_id),
      check (selected = (reason is null)),
      check (selected or share_cents = 0)
    )`);
    this.addSql(`create index period_artists_artist_idx on pies.period_artists (artist_id) where share_cents > 0`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop schema if exists pies cascade`);
  }
}
