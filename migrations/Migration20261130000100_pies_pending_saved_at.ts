import { Migration } from '@mikro-orm/migrations';

/**
 * When the fan saved the pie's pending settings. A period takes them only if they were saved
 * before it started: billing opens a period when its invoice is paid, which can be an hour (or,
 * after a failed payment, days) after the period began, and a change made in that gap belongs to
 * the period after. Pending settings saved before this column existed count as saved in time.
 */
export class Migration20261130000100_pies_pending_saved_at extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table pies.pies add column pending_saved_at timestamptz`);
    this.addSql(`update pies.pies set pending_saved_at = '-infinity' where pending_settings is not null`);
    this.addSql(`alter table pies.pies add constraint pies_pending_saved_at_check check ((pending_settings is null) = (pending_saved_at is null))`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table pies.pies drop column pending_saved_at`);
  }
}
