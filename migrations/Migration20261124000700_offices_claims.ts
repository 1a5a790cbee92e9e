import { Migration } from '@mikro-orm/migrations';

/**
 * Offices (teams with members, roles, invitations and member-artist assignments) and claims
 * (an office's claim on an artist, its verification and status history, fans' reports, artist
 * invites). Each module owns its schema; ids of other modules' rows are plain uuids.
 */
export class Migration20261124000700_offices_claims extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create schema if not exists offices`);
    this.addSql(`create table offices.offices (
      id uuid primary key default gen_random_uuid(),
      name text not null check (length(name) between 1 and 100),
      type text not null check (type in ('artist', 'band', 'label', 'management', 'publisher', 'other')),
      created_by uuid not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    )`);
    // One row per person and office: an invitation until accepted, then a membership. The current
    // invitation's nonce is part of its signed token, so a resend or an acceptance voids older links.
    this.addSql(`create table offices.members (
      office_id uuid not null references offices.offices (id) on delete cascade,
      user_id uuid not null,
      email text not null,
      role text not null check (role in ('admin', 'member')),
      status text not null check (status in ('invited', 'active')),
      invited_by uuid,
      invited_at timestamptz,
      invitation_nonce text,
      invitation_expires_at timestamptz,
      joined_at timestamptz,
      created_at timestamptz not null default now(),
      primary key (office_id, user_id)
    )`);
    this.addSql(`create unique index members_office_email_unique on offices.members (office_id, lower(email))`);
    this.addSql(`create index members_user_idx on offices.members (user_id) where status = 'active'`);
    this.addSql(`create table offices.member_artists (
      office_id uuid not null,
      user_id uuid not null,
      artist_id uuid not null,
      assigned_at timestamptz not null default now(),
      primary key (office_id, user_id, artist_id),
      foreign key (office_id, user_id) references offices.members (office_id, user_id) on delete cascade
    )`);

    this.addSql(`create schema if not exists claims`);
    this.addSql(`create table claims.claims (
      id uuid primary key default gen_random_uuid(),
      office_id uuid not null,
      artist_id uuid not null,
      status text not null check (status in ('pending', 'verifying', 'successful', 'rejected', 'cancelled')),
      verification_method text not null check (verification_method in ('bio', 'social', 'invite', 'manual')),
      platform text check (platform in ('twitter', 'youtube', 'facebook', 'instagram')),
      verification_string text not null,
      agreed_at timestamptz not null,
      created_by uuid not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      verified_at timestamptz,
      last_attempt_at timestamptz,
      last_attempt_ok boolean,
      last_attempt_message text
    )`);
    // The heart of "at most one office is an artist's payee": two offices verifying at once cannot both win.
    this.addSql(`create unique index claims_one_successful_per_artist on claims.claims (artist_id) where status = 'successful'`);
    this.addSql(`create unique index claims_one_open_per_office_artist on claims.claims (office_id, artist_id) where status in ('pending', 'verifying', 'successful')`);
    this.addSql(`create index claims_office_idx on claims.claims (office_id, created_at desc)`);
    this.addSql(`create table claims.claim_status_changes (
      id bigint generated always as identity primary key,
      claim_id uuid not null references claims.claims (id) on delete cascade,
      from_status text,
      to_status text not null,
      actor_kind text not null check (actor_kind in ('artist', 'admin', 'system')),
      actor_id uuid,
      reason text,
      at timestamptz not null default now()
    )`);
    this.addSql(`create index claim_status_changes_claim_idx on claims.claim_status_changes (claim_id, id)`);
    this.addSql(`create table claims.reports (
      id uuid primary key default gen_random_uuid(),
      claim_id uuid not null references claims.claims (id) on delete cascade,
      fan_id uuid not null,
      reason text not null check (length(reason) between 1 and 1000),
      created_at timestamptz not null default now(),
      unique (claim_id, fan_id)
    )`);
    this.addSql(`create table claims.social_verifications (
      state_hash text primary key,
      claim_id uuid not null references claims.claims (id) on delete cascade,
      platform text not null,
      code_verifier text not null,
      user_id uuid not null,
      expires_at timestamptz not null,
      used_at timestamptz
    )`);
    this.addSql(`create table claims.artist_invites (
      id uuid primary key default gen_random_uuid(),
      artist_id uuid not null,
      token_hash text not null unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      redeemed_at timestamptz,
      redeemed_by uuid,
      office_id uuid,
      claim_id uuid
    )`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop schema if exists claims cascade`);
    this.addSql(`drop schema if exists offices cascade`);
  }
}
