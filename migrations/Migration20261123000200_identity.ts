import { Migration } from '@mikro-orm/migrations';

/** Fans, server-side sessions and single-use e-mail tokens. */
export class Migration20261123000200_identity extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create schema if not exists identity`);
    this.addSql(`create table identity.fans (
      id uuid primary key,
      email text not null check (email = lower(email) and length(email) <= 254),
      first_name text not null,
      last_name text not null,
      password_hash text,
      email_verified_at timestamptz,
      accepted_terms_at timestamptz not null,
      signup_promo text,
      promo_eligible boolean not null default false,
      used_promotion_code boolean not null default false,
      stripe_customer_id text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    this.addSql(`create unique index fans_email_unique on identity.fans (email)`);
    this.addSql(`create table identity.sessions (
      id uuid primary key,
      kind text not null check (kind in ('fan', 'artist', 'admin')),
      subject_id uuid not null,
      token_hash text not null unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      user_agent text
    )`);
    this.addSql(`create index sessions_subject_live_idx on identity.sessions (kind, subject_id) where revoked_at is null`);
    this.addSql(`create table identity.email_tokens (
      token_hash text primary key,
      purpose text not null check (purpose in ('fan-verify-email', 'fan-reset-password', 'artist-verify-email', 'artist-reset-password')),
      subject_id uuid not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop schema identity cascade`);
  }
}
