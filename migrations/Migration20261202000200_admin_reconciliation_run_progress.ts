import { Migration } from '@mikro-orm/migrations';

/**
 * The provider check reads every Stripe balance transaction and every office's records: it runs as
 * a job, and its run row says how far it got (`status`, `progress`) until it is done or failed.
 * Runs recorded before were done when recorded.
 */
export class Migration20261202000200_admin_reconciliation_run_progress extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table admin.reconciliation_runs add column status text not null default 'done' check (status in ('running', 'done', 'failed'))`);
    this.addSql(`alter table admin.reconciliation_runs add column progress text`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table admin.reconciliation_runs drop column progress, drop column status`);
  }
}
