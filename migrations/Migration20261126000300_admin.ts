import { Migration } from '@mikro-orm/migrations';

/**
 * The admin back office's own records (schema `admin`): the audit log of every admin action, the
 * outreach CRM (status, dated contacts, discovered addresses and the discovery's progress), the
 * reconciliation runs, and the workers' heartbeats the health panel reads.
 */
export class Migration20261126000300_admin extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create schema if not exists admin`);
    this.addSql(`create table admin.audit_log (
      id bigint generated always as identity primary key,
      admin_id uuid not null,
      action text not null,
      target_type text not null,
      target_id text not null,
      before jsonb,
      after jsonb,
      at timestamptz not null default now()
    )`);
    this.addSql(`create index audit_log_at on admin.audit_log (at desc)`);
    this.addSql(`create index audit_log_target on admin.audit_log (target_type, target_id, at desc)`);
    this.addSql(`create table admin.artist_crm (
      artist_id uuid primary key,
      crm_status text not null check (crm_status in ('not_contacted', 'contacted', 'in_conversation', 'onboarding', 'declined', 'unreachable')),
      updated_at timestamptz not null default now()
    )`);
    this.addSql(`create table admin.artist_communications (
      id uuid primary key default gen_random_uuid(),
      artist_id uuid not null,
      admin_id uuid not null,
      channel text not null check (channel in ('email', 'phone', 'social', 'meeting', 'other')),
      note text not null,
      contacted_at timestamptz not null,
      created_at timestamptz not null default now()
    )`);
    this.addSql(`create index artist_communications_artist on admin.artist_communications (artist_id, contacted_at desc)`);
    this.addSql(`create table admin.email_discoveries (
      artist_id uuid primary key,
      status text not null check (status in ('queued', 'running', 'done', 'failed')),
      steps jsonb not null default '[]'::jsonb,
      email text,
      source text,
      started_by uuid not null,
      updated_at timestamptz not null default now()
    )`);
    this.addSql(`create table admin.reconciliation_runs (
      id bigint generated always as identity primary key,
      type text not null,
      ok boolean not null,
      violations int not null,
      rows jsonb not null default '[]'::jsonb,
      run_by text not null,
      at timestamptz not null default now()
    )`);
    this.addSql(`create index reconciliation_runs_type_at on admin.reconciliation_runs (type, at desc)`);
    this.addSql(`create table admin.worker_heartbeats (
      worker text primary key,
      beat_at timestamptz not null
    )`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop schema if exists admin cascade`);
  }
}
