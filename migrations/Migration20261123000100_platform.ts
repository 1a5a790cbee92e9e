import { Migration } from '@mikro-orm/migrations';

/** The transactional outbox and the consumers' inbox (DESIGN §4). */
export class Migration20261123000100_platform extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create schema if not exists platform`);
    this.addSql(`create table platform.outbox (
      id uuid primary key,
      queue text not null,
      job_name text not null,
      payload jsonb not null,
      occurred_at timestamptz not null default now(),
      published_at timestamptz
    )`);
    // The relay only ever scans unpublished rows, oldest first.
    this.addSql(`create index outbox_unpublished_idx on platform.outbox (occurred_at, id) where published_at is null`);
    this.addSql(`create table platform.inbox (
      consumer text not null,
      message_id uuid not null,
      processed_at timestamptz not null default now(),
      primary key (consumer, message_id)
    )`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop schema platform cascade`);
  }
}
