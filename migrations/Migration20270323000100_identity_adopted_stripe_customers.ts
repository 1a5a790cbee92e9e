import { Migration } from '@mikro-orm/migrations';

/**
 * One-off backfill (issue 30, billing → identity by event): a Stripe customer billing adopted from
 * a webhook's metadata before `recordCustomer` existed got its `billing.customers` row but no
 * `billing.stripe-customer-created.v1`, so identity never copied the id onto the fan. Copy it once,
 * only where identity has none (never overwrite one identity already holds). A migration may touch
 * two schemas; the modules' code still may not.
 */
export class Migration20270323000100_identity_adopted_stripe_customers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`update identity.fans f set stripe_customer_id = c.stripe_customer_id
                   from billing.customers c
                  where c.fan_id = f.id and f.stripe_customer_id is null`);
  }

  override async down(): Promise<void> {
    // Nothing to undo: the ids copied are the fans' own customers, which identity keeps from now on anyway.
  }
}
