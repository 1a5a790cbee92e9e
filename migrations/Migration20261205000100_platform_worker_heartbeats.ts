import { Migration } from '@mikro-orm/migrations';

/**
 * One row per running worker process, written every WORKER_HEARTBEAT_INTERVAL_MS: readiness fails
 * when the freshest is older than WORKER_HEARTBEAT_STALE_MS (no worker alive), and metrics show its age.
 */
export class Migration20261205000100_platform_worker_heartbeats extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table platform.worker_heartbeats (
      worker_id text primary key,
      started_at timestamptz not null,
      beat_at timestamptz not null
    )`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table platform.worker_heartbeats`);
  }
}
