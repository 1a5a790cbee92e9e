import { Migration } from '@mikro-orm/migrations';

/**
 * When the pie's status was last taken from its subscription (the status-changed event's time):
 * Stripe's webhooks, and so billing's events, can be handled out of order, and an older status must
 * never overwrite a newer one (libs/pies/README.md, "Status"). Null until the first change.
 */
export class Migration20261215000100_pies_status_at extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table pies.pies add column status_at timestamptz`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table pies.pies drop column status_at`);
  }
}
