import { Migration } from '@mikro-orm/migrations';

/**
 * An invoice can be paid with no money reaching Stripe through a charge: nothing was due (a credit
 * balance, a 100% coupon) or it was marked paid out of band. Its period opens, but there is no
 * journal to point to.
 */
export class Migration20261202000100_billing_invoices_without_money extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table billing.invoices alter column journal_id drop not null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table billing.invoices alter column journal_id set not null`);
  }
}
