import { Migration } from '@mikro-orm/migrations';

/**
 * Jobs that failed every retry, kept with their payload and last error until someone re-queues
 * them (`npm run jobs:retry`, later the admin dashboard): no message is ever dropped (DESIGN §4).
 */
export class Migration20261124000100_dead_jobs extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table platform.dead_jobs (
      id bigint generated always as identity primary key,
      queue text not null,
      job_id text not null,
      job_name text not null,
      data jsonb not null,
      error text not null,
      attempts int not null,
      died_at timestamptz not null default now(),
      requeued_at timestamptz
    )`);
    // One open record per job; a job that dies again after a re-queue gets a new one.
    this.addSql(`create unique index dead_jobs_open_uq on platform.dead_jobs (queue, job_id) where requeued_at is null`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table platform.dead_jobs`);
  }
}
