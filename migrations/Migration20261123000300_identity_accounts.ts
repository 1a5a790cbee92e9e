import { Migration } from '@mikro-orm/migrations';

/**
 * Artist and admin accounts, social identities, OAuth round trips, the promotion pool,
 * and account deletion (personal data anonymised; money history, which references ids, stays).
 */
export class Migration20261123000300_identity_accounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table identity.fans add column deleted_at timestamptz`);
    this.addSql(`create table identity.artist_users (
      id uuid primary key,
      email text not null check (email = lower(email) and length(email) <= 254),
      first_name text,
      last_name text,
      phone_number text,
      country text,
      password_hash text,
      email_verified_at timestamptz,
      invited_at timestamptz,
      registration_completed_at timestamptz,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    this.addSql(`create unique index artist_users_email_unique on identity.artist_users (email)`);
    this.addSql(`create table identity.admins (
      id uuid primary key,
      email text not null unique check (email = lower(email)),
      name text not null,
      password_hash text,
      created_at timestamptz not null default now()
    )`);
    this.addSql(`alter table identity.email_tokens drop constraint email_tokens_purpose_check`);
    this.addSql(`alter table identity.email_tokens add constraint email_tokens_purpose_check check (purpose in
      ('fan-verify-email', 'fan-reset-password', 'artist-verify-email', 'artist-reset-password', 'artist-complete-registration'))`);
    this.addSql(`create index email_tokens_subject_idx on identity.email_tokens (subject_id)`);
    // Provider tokens are stored encrypted (AES-256-GCM); only the ids are searchable.
    this.addSql(`create table identity.social_identities (
      id uuid primary key,
      subject_kind text not null check (subject_kind in ('fan', 'artist', 'admin')),
      subject_id uuid not null,
      provider text not null check (provider in ('spotify', 'google', 'twitter', 'facebook')),
      provider_user_id text not null,
      email text,
      display_name text,
      access_token_enc text,
      refresh_token_enc text,
      token_expires_at timestamptz,
      scopes text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (subject_kind, provider, provider_user_id),
      unique (subject_kind, subject_id, provider)
    )`);
    this.addSql(`create table identity.oauth_states (
      state_hash text primary key,
      provider text not null,
      purpose text not null,
      code_verifier text not null,
      subject_id uuid,
      promo text,
      device_type text,
      recaptcha_token text,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`);
    this.addSql(`create table identity.promotion_codes (
      code text primary key,
      campaign text not null default 'try',
      claimed_by_fan_id uuid unique,
      claimed_at timestamptz,
      created_at timestamptz not null default now()
    )`);
    this.addSql(`create index promotion_codes_available_idx on identity.promotion_codes (campaign) where claimed_by_fan_id is null`);
    this.addSql(`create table platform.rate_limits (
      key text primary key,
      window_started_at timestamptz not null,
      hits integer not null
    )`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table platform.rate_limits`);
    this.addSql(`drop table identity.promotion_codes, identity.oauth_states, identity.social_identities, identity.admins, identity.artist_users`);
    this.addSql(`alter table identity.fans drop column deleted_at`);
  }
}
