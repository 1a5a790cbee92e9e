import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePiePeriod } from '#pie/pies';
import { Database } from '#pie/platform';
import { logIn, makeAccount } from '../support/accounts.js';
import { eventually, openSql, type Sql } from '../support/sql.js';
import { TestPlatform } from '../support/test-platform.js';
import { makeCatalogueArtist, officeAdmin } from './artist-area-fixtures.js';
import { makeTrack, seedPlays } from './listening-fixtures.js';
import { enableStripe, verifyClaim } from './payouts-fixtures.js';
import { DAY, fundWallet, makePie } from './pies-fixtures.js';

const TYPES = ['ledger', 'balances', 'escrow', 'wallets', 'provider', 'idempotency'] as const;

/**
 * The reconciliation (issue 15): on books made by the real flows (a fan's period closed into two
 * artists' escrow, one released to an office and transferred to its Stripe account) every check
 * passes; then each of six faults, seeded behind the application's back and removed again, makes
 * exactly its own check fail and name the rows.
 */
describe('admin reconciliation', () => {
  let platform: TestPlatform;
  let sql: Sql;
  let admin: Record<string, string>;
  let stripeAccount: string;
  let unclaimedArtist: string;

  beforeAll(async () => {
    platform = await TestPlatform.start({ label: 'admin-reconciliation', stripe: true, env: { TRANSFER_THRESHOLD_CENTS: '500' } });
    sql = openSql(platform.database.url);
    admin = (await logIn(platform, await makeAccount(sql, 'admin'))).cookies;

    const office = await officeAdmin(platform, sql, 'Reconciled Office');
    const [claimed, unclaimed] = [await makeCatalogueArtist(sql, 'Reconciled Star'), await makeCatalogueArtist(sql, 'Reconciled Stranger')];
    unclaimedArtist = unclaimed.id;
    await verifyClaim(platform, office, claimed);
    stripeAccount = await enableStripe(platform, sql, office);
    const fan = await makeAccount(sql, 'fan');
    const periodEnd = new Date(Date.now() - DAY);
    const periodStart = new Date(periodEnd.getTime() - 30 * DAY);
    const { periodId } = await makePie(platform, fan.id, { startsAt: periodStart, endsAt: periodEnd });
    await seedPlays(platform, fan.id, [
      { track: await makeTrack(sql, [claimed.id]), at: new Date(periodStart.getTime() + DAY), ms: 300_000 },
      { track: await makeTrack(sql, [unclaimed.id]), at: new Date(periodStart.getTime() + 2 * DAY), ms: 100_000 },
    ]);
    await fundWallet(platform, fan.id, 1000, new Date(periodStart.getTime() + 1000));
    await platform.api.get(Database).transaction((tx) => closePiePeriod(tx, periodId));
    await eventually('the transfer', async () => (await sql.value<string>(`select status from payouts.transfers where office_id = $1`, [office.officeId])) === 'made');
  });
  afterAll(async () => {
    await sql?.close();
    await platform?.close();
  });

  async function run(type: string): Promise<{ ok: boolean; violations: number; rows: string[] }> {
    const answer = await platform.request('POST', `/api/admin/financial-reconciliation/run-${type}-check`, { cookies: admin });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  }

  async function failing(): Promise<Record<string, string[]>> {
    const results: Record<string, string[]> = {};
    for (const type of TYPES) {
      const result = await run(type);
      if (!result.ok) results[type] = result.rows;
    }
    return results;
  }

  /** Runs `sql` with the application's triggers off (append-only guards, balance triggers): a fault behind its back. */
  const behindTheBack = (statements: string) => sql.query(`begin; set local session_replication_role = replica; ${statements}; commit;`);

  it('passes every check on books the real flows made', async () => {
    expect(await failing()).toEqual({});
  });

  it('an unbalanced journal fails the ledger check alone, naming the journal', async () => {
    const journal = randomUUID();
    await behindTheBack(`
      insert into ledger.journals (id, kind, idempotency_key, occurred_at) values ('${journal}', 'fault', 'fault:${journal}', now());
      insert into ledger.postings (journal_id, account, amount_cents) values ('${journal}', 'stripe_clearing', 7), ('${journal}', 'refunds', -5);
      update ledger.accounts set balance_cents = balance_cents + 7 where code = 'stripe_clearing';
      update ledger.accounts set balance_cents = balance_cents - 5 where code = 'refunds'`);
    const failed = await failing();
    expect(Object.keys(failed)).toEqual(['ledger']);
    expect(failed.ledger.join('\n')).toContain(`journal ${journal}: sum 2`);
    await behindTheBack(`
      delete from ledger.postings where journal_id = '${journal}'; delete from ledger.journals where id = '${journal}';
      update ledger.accounts set balance_cents = balance_cents - 7 where code = 'stripe_clearing';
      update ledger.accounts set balance_cents = balance_cents + 5 where code = 'refunds'`);
    expect(await failing()).toEqual({});
  });

  it('a wrong cached balance fails the balances check alone, naming the accounts', async () => {
    await behindTheBack(`
      update ledger.accounts set balance_cents = balance_cents + 1 where code = 'processor_fees';
      update ledger.accounts set balance_cents = balance_cents - 1 where code = 'stripe_clearing'`);
    const failed = await failing();
    expect(Object.keys(failed)).toEqual(['balances']);
    expect(failed.balances.map((row) => row.split(':')[0]).sort()).toEqual(['processor_fees', 'stripe_clearing']);
    await behindTheBack(`
      update ledger.accounts set balance_cents = balance_cents - 1 where code = 'processor_fees';
      update ledger.accounts set balance_cents = balance_cents + 1 where code = 'stripe_clearing'`);
    expect(await failing()).toEqual({});
  });

  it('escrow the pies did not allocate fails the escrow check alone, naming the artist', async () => {
    const journal = randomUUID();
    const escrow = `artist_escrow:${unclaimedArtist}`;
    await behindTheBack(`
      insert into ledger.journals (id, kind, idempotency_key, occurred_at) values ('${journal}', 'fault', 'fault:${journal}', now());
      insert into ledger.postings (journal_id, account, amount_cents) values ('${journal}', 'stripe_clearing', -300), ('${journal}', '${escrow}', 300);
      update ledger.accounts set balance_cents = balance_cents - 300 where code = 'stripe_clearing';
      update ledger.accounts set balance_cents = balance_cents + 300 where code = '${escrow}'`);
    const failed = await failing();
    expect(Object.keys(failed)).toEqual(['escrow']);
    expect(failed.escrow).toEqual([expect.stringContaining(`${escrow}: received 550 cents, the pies allocated 250`)]);
    await behindTheBack(`
      delete from ledger.postings where journal_id = '${journal}'; delete from ledger.journals where id = '${journal}';
      update ledger.accounts set balance_cents = balance_cents + 300 where code = 'stripe_clearing';
      update ledger.accounts set balance_cents = balance_cents - 300 where code = '${escrow}'`);
    expect(await failing()).toEqual({});
  });

  it('a negative wallet fails the wallets check alone, naming the wallet', async () => {
    const fan = randomUUID();
    const journal = randomUUID();
    const wallet = `fan_wallet:${fan}`;
    await behindTheBack(`
      alter table ledger.accounts drop constraint accounts_balance_not_negative;
      insert into ledger.accounts (code, kind, owner_id, allow_negative, balance_cents) values ('${wallet}', 'fan_wallet', '${fan}', false, -100);
      insert into ledger.journals (id, kind, idempotency_key, occurred_at) values ('${journal}', 'fault', 'fault:${journal}', now());
      insert into ledger.postings (journal_id, account, amount_cents) values ('${journal}', '${wallet}', -100), ('${journal}', 'stripe_clearing', 100);
      update ledger.accounts set balance_cents = balance_cents + 100 where code = 'stripe_clearing'`);
    const failed = await failing();
    expect(Object.keys(failed)).toEqual(['wallets']);
    expect(failed.wallets).toEqual([`${wallet}: -100`]);
    await behindTheBack(`
      delete from ledger.postings where journal_id = '${journal}'; delete from ledger.journals where id = '${journal}'; delete from ledger.accounts where code = '${wallet}';
      update ledger.accounts set balance_cents = balance_cents - 100 where code = 'stripe_clearing';
      alter table ledger.accounts add constraint accounts_balance_not_negative check (allow_negative or balance_cents >= 0)`);
    expect(await failing()).toEqual({});
  });

  it('a Stripe transfer the ledger lacks fails the provider check alone, naming the office', async () => {
    const stray = await platform.stripe.transfers.create({ amount: 123, currency: 'usd', destination: stripeAccount });
    const failed = await failing();
    expect(Object.keys(failed)).toEqual(['provider']);
    expect(failed.provider).toEqual([expect.stringContaining(`(${stripeAccount})`)]);
    expect(failed.provider[0]).toContain('"transferredCents":673');
    await platform.stripe.transfers.createReversal(stray.id, { amount: 123 });
    expect(await failing()).toEqual({});
  });

  it('a duplicate idempotency key fails the idempotency check alone, naming the key', async () => {
    const journal = randomUUID();
    const key = await sql.value<string>(`select idempotency_key from ledger.journals where kind = 'transfer' limit 1`);
    await behindTheBack(`
      alter table ledger.journals drop constraint journals_idempotency_key_unique;
      insert into ledger.journals (id, kind, idempotency_key, occurred_at) values ('${journal}', 'fault', '${key}', now());
      insert into ledger.postings (journal_id, account, amount_cents) values ('${journal}', 'stripe_clearing', -1), ('${journal}', 'processor_fees', 1);
      update ledger.accounts set balance_cents = balance_cents - 1 where code = 'stripe_clearing';
      update ledger.accounts set balance_cents = balance_cents + 1 where code = 'processor_fees'`);
    const failed = await failing();
    expect(Object.keys(failed)).toEqual(['idempotency']);
    expect(failed.idempotency).toEqual([`${key}: 2 journals`]);
    await behindTheBack(`
      delete from ledger.postings where journal_id = '${journal}'; delete from ledger.journals where id = '${journal}';
      update ledger.accounts set balance_cents = balance_cents + 1 where code = 'stripe_clearing';
      update ledger.accounts set balance_cents = balance_cents - 1 where code = 'processor_fees';
      alter table ledger.journals add constraint journals_idempotency_key_unique unique (idempotency_key)`);
    expect(await failing()).toEqual({});
  });
});
