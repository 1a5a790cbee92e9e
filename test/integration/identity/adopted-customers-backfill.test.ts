import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migration20270323000100_identity_adopted_stripe_customers as Backfill } from '../../../migrations/Migration20270323000100_identity_adopted_stripe_customers.js';
import { makeAccount } from '../../support/accounts.js';
import { openSql, type Sql } from '../../support/sql.js';
import { TestPlatform } from '../../support/test-platform.js';

/**
 * The one-off backfill for Stripe customers billing adopted before it announced them: identity gets
 * the id billing holds, and a fan whose id identity already has keeps it.
 */
describe('the adopted Stripe customers backfill', () => {
  let platform: TestPlatform;
  let sql: Sql;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'adopted-customers-backfill' });
    sql = openSql(platform.database.url);
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  it('copies billing’s customer onto a fan identity has none for, and leaves the rest alone', async () => {
    const [adopted, known, without] = [await makeAccount(sql, 'fan'), await makeAccount(sql, 'fan'), await makeAccount(sql, 'fan')];
    const adoptedCustomer = `cus_${randomUUID().slice(0, 14)}`;
    await sql.query(`insert into billing.customers (fan_id, stripe_customer_id) values ($1, $2), ($3, $4)`, [adopted.id, adoptedCustomer, known.id, 'cus_billing_side']);
    await sql.query(`update identity.fans set stripe_customer_id = 'cus_identity_side' where id = $1`, [known.id]);

    const migration = new Backfill(undefined as never, undefined as never);
    await migration.up();
    for (const statement of migration.getQueries()) await sql.query(String(statement));

    const ids = async (fanId: string) => sql.value<string | null>(`select stripe_customer_id from identity.fans where id = $1`, [fanId]);
    expect(await ids(adopted.id)).toBe(adoptedCustomer);
    expect(await ids(known.id)).toBe('cus_identity_side');
    expect(await ids(without.id)).toBeNull();
  });
});
