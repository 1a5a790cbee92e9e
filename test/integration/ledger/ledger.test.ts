import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrm, Database, type Orm } from '#pie/platform';
import { createTestDatabase, type TestDatabase } from '#pie/testing';
import { accounts, InsufficientBalanceError, Ledger, postJournals, type JournalInput } from '#pie/ledger';
import { IdempotencyConflictError, InvalidJournalError } from '#pie/ledger/testing';
import { openSql, type Sql } from '../../support/sql.js';
import { TEST_JOURNAL_KINDS } from '#pie/ledger/testing';

// The ledger's guarantees are Postgres's, not only TypeScript's: these tests write below the facade
// with plain SQL to prove the database itself refuses what the facade would never send.

let database: TestDatabase;
let orm: Orm;
let ledger: Ledger;
let sql: Sql;

beforeAll(async () => {
  database = await createTestDatabase('ledger');
  // Enough for the concurrent batches below, while another test file runs beside this one.
  orm = await createOrm({ databaseUrl: database.url, poolMax: 8 });
  ledger = new Ledger(new Database(orm));
  sql = openSql(database.url);
});
afterAll(async () => {
  await sql?.close();
  await orm?.close(true);
  await database?.drop();
});

function topUp(fanId: string, cents: number, key = `test_top_up:${randomUUID()}`): JournalInput {
  return {
    kind: TEST_JOURNAL_KINDS.topUp,
    idempotencyKey: key,
    occurredAt: new Date(),
    references: { fanId },
    postings: [
      { account: accounts.stripeClearing, amountCents: -cents },
      { account: accounts.fanWallet(fanId), amountCents: cents },
    ],
  };
}

async function journalCount(key: string): Promise<number> {
  return Number(await sql.value(`select count(*) from ledger.journals where idempotency_key = $1`, [key]));
}

describe('Postgres keeps the books', () => {
  it('refuses to commit a journal whose postings do not sum to zero', async () => {
    const fan = randomUUID();
    await sql.query(`insert into ledger.accounts (code, kind, owner_id, allow_negative) values ('stripe_clearing', 'stripe_clearing', null, true) on conflict do nothing`);
    await sql.query(`insert into ledger.accounts (code, kind, owner_id, allow_negative) values ($1, 'fan_wallet', $2, false)`, [accounts.fanWallet(fan), fan]);
    const attempt = sql.query(`
      with j as (insert into ledger.journals (kind, idempotency_key, occurred_at) values ('bad', 'unbalanced-1', now()) returning id)
      insert into ledger.postings (journal_id, account, amount_cents)
      select id, a, amt from j, (values ('stripe_clearing', -1000::bigint), ($1, 999::bigint)) v(a, amt)`, [accounts.fanWallet(fan)]);
    await expect(attempt).rejects.toThrow(/does not balance: its postings sum to -1 cents/);
    expect(await journalCount('unbalanced-1')).toBe(0);
    expect(await sql.value(`select balance_cents from ledger.accounts where code = $1`, [accounts.fanWallet(fan)])).toBe('0');
  });

  it('refuses a journal with no postings and a single-legged one', async () => {
    await expect(sql.query(`insert into ledger.journals (kind, idempotency_key, occurred_at) values ('bad', 'empty-1', now())`)).rejects.toThrow(/has 0 posting/);
    expect(await journalCount('empty-1')).toBe(0);
  });

  it('refuses a second journal with the same idempotency key', async () => {
    const fan = randomUUID();
    const key = `dup:${fan}`;
    await ledger.post(topUp(fan, 500, key));
    await expect(sql.query(`insert into ledger.journals (kind, idempotency_key, occurred_at) values ('x', $1, now())`, [key])).rejects.toThrow(
      /journals_idempotency_key_unique/,
    );
    expect(await journalCount(key)).toBe(1);
  });

  it('refuses to change or delete posted journals and postings', async () => {
    const fan = randomUUID();
    const { journalId } = await ledger.post(topUp(fan, 700));
    await expect(sql.query(`update ledger.postings set amount_cents = amount_cents * 2 where journal_id = $1`, [journalId])).rejects.toThrow(/append-only/);
    await expect(sql.query(`delete from ledger.journals where id = $1`, [journalId])).rejects.toThrow(/append-only/);
    expect(await ledger.balanceOf(accounts.fanWallet(fan))).toBe(700);
  });

  it('refuses postings to an account or a journal that does not exist, and deleting an account', async () => {
    const fan = randomUUID();
    const { journalId } = await ledger.post(topUp(fan, 400));
    const ghostAccount = accounts.artistEscrow(randomUUID());
    await expect(
      sql.query(
        `with j as (insert into ledger.journals (kind, idempotency_key, occurred_at) values ('test', $1, now()) returning id)
         insert into ledger.postings (journal_id, account, amount_cents) select id, a, amt from j, (values ('stripe_clearing', -5::bigint), ($2, 5::bigint)) v(a, amt)`,
        [`ghost-account:${fan}`, ghostAccount],
      ),
    ).rejects.toThrow(new RegExp(`names account "${ghostAccount}", which does not exist`));
    const ghostJournal = randomUUID();
    await expect(
      sql.query(`insert into ledger.postings (journal_id, account, amount_cents) values ($1, 'stripe_clearing', -5), ($1, $2, 5)`, [ghostJournal, accounts.fanWallet(fan)]),
    ).rejects.toThrow(new RegExp(`names journal ${ghostJournal}, which does not exist`));
    await expect(sql.query(`delete from ledger.accounts where code = $1`, [accounts.fanWallet(fan)])).rejects.toThrow(/append-only/);
    expect(await journalCount(`ghost-account:${fan}`)).toBe(0);
    expect(await sql.value(`select count(*) from ledger.postings where journal_id = $1`, [journalId])).toBe('2');
    expect(await ledger.balanceOf(accounts.fanWallet(fan))).toBe(400);
  });

  it('refuses a posting that would take a wallet below zero, and the whole journal with it', async () => {
    const fan = randomUUID();
    await ledger.post(topUp(fan, 300));
    const overdraw: JournalInput = {
      kind: TEST_JOURNAL_KINDS.spend,
      idempotencyKey: `overdraw:${fan}`,
      occurredAt: new Date(),
      postings: [
        { account: accounts.fanWallet(fan), amountCents: -301 },
        { account: accounts.artistEscrow(randomUUID()), amountCents: 301, fanId: fan },
      ],
    };
    await expect(ledger.post(overdraw)).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await journalCount(`overdraw:${fan}`)).toBe(0);
    expect(await ledger.balanceOf(accounts.fanWallet(fan))).toBe(300);
  });
});

describe('many journals in one statement (postJournals, the batch close)', () => {
  function spend(fan: string, artists: string[], cents: number[]): JournalInput {
    return {
      kind: TEST_JOURNAL_KINDS.spend,
      idempotencyKey: `batch_spend:${randomUUID()}`,
      occurredAt: new Date(),
      references: { fanId: fan },
      postings: [
        { account: accounts.fanWallet(fan), amountCents: -cents.reduce((sum, c) => sum + c, 0) },
        ...artists.map((artist, i) => ({ account: accounts.artistEscrow(artist), amountCents: cents[i]!, fanId: fan })),
      ],
    };
  }

  it('moves each account by the net of all the journals, and the books still hold', async () => {
    const fans = [randomUUID(), randomUUID(), randomUUID()];
    for (const fan of fans) await ledger.post(topUp(fan, 1000));
    const artists = [randomUUID(), randomUUID()];
    const posted = await new Database(orm).transaction((tx) =>
      postJournals(tx, fans.map((fan, i) => spend(fan, artists, [100 + i, 200 + i]))),
    );
    expect(posted.every((journal) => journal.created)).toBe(true);
    expect(await Promise.all(fans.map((fan) => ledger.balanceOf(accounts.fanWallet(fan))))).toEqual([700, 698, 696]);
    expect(await ledger.balanceOf(accounts.artistEscrow(artists[0]!))).toBe(303);
    expect(await ledger.balanceOf(accounts.artistEscrow(artists[1]!))).toBe(603);
    expect((await ledger.checkInvariants()).ok).toBe(true);
  });

  it('refuses the whole statement when one journal of many would take its wallet below zero', async () => {
    const rich = randomUUID();
    const poor = randomUUID();
    await ledger.post(topUp(rich, 1000));
    await ledger.post(topUp(poor, 50));
    const artist = randomUUID();
    const batch = [spend(rich, [artist], [500]), spend(poor, [artist], [51])];
    await expect(new Database(orm).transaction((tx) => postJournals(tx, batch))).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await journalCount(batch[0]!.idempotencyKey)).toBe(0);
    expect(await ledger.balanceOf(accounts.fanWallet(rich))).toBe(1000);
    expect(await ledger.balanceOf(accounts.artistEscrow(artist))).toBe(0);
  });

  it('refuses a statement in which one journal of several does not balance, even with the others making up for it', async () => {
    const fan = randomUUID();
    await sql.query(`insert into ledger.accounts (code, kind, owner_id, allow_negative) values ('stripe_clearing', 'stripe_clearing', null, true) on conflict do nothing`);
    await sql.query(`insert into ledger.accounts (code, kind, owner_id, allow_negative) values ($1, 'fan_wallet', $2, false)`, [accounts.fanWallet(fan), fan]);
    const attempt = sql.query(
      `with j as (insert into ledger.journals (kind, idempotency_key, occurred_at) values ('bad', 'pair-a:' || $2, now()), ('bad', 'pair-b:' || $2, now()) returning id, idempotency_key)
       insert into ledger.postings (journal_id, account, amount_cents)
       select j.id, v.a, case when j.idempotency_key like 'pair-a:%' then v.amt + 1 else v.amt - 1 end
         from j, (values ('stripe_clearing', -1000::bigint), ($1, 1000::bigint)) v(a, amt)`,
      [accounts.fanWallet(fan), fan],
    );
    await expect(attempt).rejects.toThrow(/does not balance: its postings sum to (2|-2) cents/);
    expect(await journalCount(`pair-a:${fan}`)).toBe(0);
    expect(await sql.value(`select balance_cents from ledger.accounts where code = $1`, [accounts.fanWallet(fan)])).toBe('0');
  });

  it('refuses a posting added later to a journal already posted', async () => {
    const fan = randomUUID();
    const { journalId } = await ledger.post(topUp(fan, 300));
    await expect(
      sql.query(`insert into ledger.postings (journal_id, account, amount_cents) values ($1, $2, 5)`, [journalId, accounts.fanWallet(fan)]),
    ).rejects.toThrow(/does not balance: its postings sum to 5 cents/);
    expect(await ledger.balanceOf(accounts.fanWallet(fan))).toBe(300);
  });

  it('lets concurrent batches that share accounts, listed in different orders, all commit (no deadlock)', async () => {
    const artists = Array.from({ length: 12 }, () => randomUUID());
    const fans = Array.from({ length: 24 }, () => randomUUID());
    for (const fan of fans) await ledger.post(topUp(fan, 10_000));
    const database = new Database(orm);
    const batches = Array.from({ length: 6 }, (_, b) => fans.slice(b * 4, b * 4 + 4).map((fan, i) => {
      const order = (b + i) % 2 === 0 ? artists : [...artists].reverse();
      return spend(fan, order, order.map((_, k) => 10 + k));
    }));
    await Promise.all(batches.map((batch) => database.transaction((tx) => postJournals(tx, batch))));
    const perFan = artists.reduce((sum, _, k) => sum + 10 + k, 0);
    expect(await Promise.all(fans.map((fan) => ledger.balanceOf(accounts.fanWallet(fan))))).toEqual(fans.map(() => 10_000 - perFan));
    const escrows = await Promise.all(artists.map((artist) => ledger.balanceOf(accounts.artistEscrow(artist))));
    expect(escrows.reduce((sum, cents) => sum + cents, 0)).toBe(perFan * fans.length);
    expect((await ledger.checkInvariants()).ok).toBe(true);
  });

  it('lets releases of several fans’ escrow money and closes crediting the same fans there commit side by side (holdings first, balances last: no deadlock)', async () => {
    // Every writer moves the fans' holdings before it locks the accounts (a release writes its
    // lines before its postings): a close holding a fan's holding never waits on an account a
    // release holds while that release waits on the same holding.
    const artists = [randomUUID(), randomUUID()];
    const fans = Array.from({ length: 6 }, () => randomUUID());
    for (const fan of fans) await ledger.post(topUp(fan, 10_000));
    for (const fan of fans) await ledger.post(spend(fan, artists, [100, 100]));
    const database = new Database(orm);
    const release = (round: number): JournalInput => ({
      kind: TEST_JOURNAL_KINDS.spend,
      idempotencyKey: `batch_release:${round}:${randomUUID()}`,
      occurredAt: new Date(),
      references: {},
      postings: [
        ...artists.flatMap((artist) => fans.map((fan) => ({ account: accounts.artistEscrow(artist), amountCents: -10, fanId: fan }))),
        { account: accounts.stripeClearing, amountCents: 10 * artists.length * fans.length },
      ],
    });
    for (let round = 0; round < 4; round++) {
      await Promise.all([
        database.transaction((tx) => postJournals(tx, fans.slice(0, 3).map((fan) => spend(fan, artists, [5, 7])))),
        ledger.post(release(round)),
        database.transaction((tx) => postJournals(tx, fans.slice(3).map((fan) => spend(fan, [...artists].reverse(), [7, 5])))),
      ]);
    }
    // Each fan: 100 in, then per round 5 (or 7) in and 10 out, in each escrow.
    const held = await sql.query<{ account: string; fan_id: string; balance_cents: string }>(
      `select account, fan_id, balance_cents from ledger.escrow_holdings where fan_id = any($1::uuid[]) order by account, fan_id`,
      [fans],
    );
    expect(held).toHaveLength(artists.length * fans.length);
    expect(held.reduce((sum, row) => sum + Number(row.balance_cents), 0)).toBe(artists.length * fans.length * 100 + fans.length * 4 * 12 - artists.length * fans.length * 40);
    for (const artist of artists) {
      const escrow = accounts.artistEscrow(artist);
      expect(await ledger.balanceOf(escrow)).toBe(held.filter((row) => row.account === escrow).reduce((sum, row) => sum + Number(row.balance_cents), 0));
    }
    expect((await ledger.checkInvariants()).ok).toBe(true);
  });
});

describe('post() is idempotent', () => {
  it('returns the existing journal for the same key and postings, and refuses different postings', async () => {
    const fan = randomUUID();
    const key = `idem:${fan}`;
    const first = await ledger.post(topUp(fan, 1234, key));
    const again = await ledger.post(topUp(fan, 1234, key));
    expect(first.created).toBe(true);
    expect(again).toEqual({ journalId: first.journalId, created: false });
    await expect(ledger.post(topUp(fan, 1235, key))).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect(await ledger.balanceOf(accounts.fanWallet(fan))).toBe(1234);
  });

  it('makes one journal out of 50 concurrent posts of the same key', async () => {
    const fan = randomUUID();
    const key = `concurrent:${fan}`;
    const results = await Promise.all(Array.from({ length: 50 }, () => ledger.post(topUp(fan, 999, key))));
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.journalId)).size).toBe(1);
    expect(await journalCount(key)).toBe(1);
    expect(await ledger.balanceOf(accounts.fanWallet(fan))).toBe(999);
  });

  it('refuses an unbalanced or one-sided journal before it reaches the database', async () => {
    const fan = randomUUID();
    const unbalanced = { ...topUp(fan, 100), postings: [{ account: accounts.fanWallet(fan), amountCents: 100 }, { account: accounts.stripeClearing, amountCents: -99 }] };
    await expect(ledger.post(unbalanced)).rejects.toBeInstanceOf(InvalidJournalError);
    await expect(ledger.post({ ...topUp(fan, 100), postings: [{ account: 'fan_wallet:not-a-uuid', amountCents: 1 }, { account: accounts.stripeClearing, amountCents: -1 }] })).rejects.toThrow(/Not a ledger account/);
    await expect(ledger.post({ ...topUp(fan, 100), postings: [{ account: accounts.fanWallet(fan), amountCents: 1.5 }, { account: accounts.stripeClearing, amountCents: -1.5 }] })).rejects.toThrow(/whole number of cents/);
  });
});

describe('posting inside the caller\'s transaction', () => {
  it('commits the journal with the caller\'s own writes, and rolls it back with them', async () => {
    const fan = randomUUID();
    const committed = await orm.em.fork().transactional(async (tx) => {
      const posted = await ledger.post(topUp(fan, 400, `tx-ok:${fan}`), { em: tx });
      await tx.execute(`create table if not exists public.caller_rows (journal_id uuid primary key)`);
      await tx.execute(`insert into public.caller_rows values (?)`, [posted.journalId]);
      return posted;
    });
    expect(await sql.value(`select count(*) from public.caller_rows where journal_id = $1`, [committed.journalId])).toBe('1');

    await expect(
      orm.em.fork().transactional(async (tx) => {
        await ledger.post(topUp(fan, 600, `tx-rollback:${fan}`), { em: tx });
        throw new Error('the caller fails after posting');
      }),
    ).rejects.toThrow('the caller fails');
    expect(await journalCount(`tx-rollback:${fan}`)).toBe(0);
    expect(await ledger.balanceOf(accounts.fanWallet(fan))).toBe(400);
  });
});

describe('reads and invariants', () => {
  it('pages an account\'s history newest first and filters by kind', async () => {
    const fan = randomUUID();
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    for (let n = 1; n <= 5; n++) await ledger.post({ ...topUp(fan, n * 100), occurredAt: day(n) });
    await ledger.post({
      kind: TEST_JOURNAL_KINDS.spend,
      idempotencyKey: `spend:${fan}`,
      occurredAt: day(6),
      references: { fanId: fan },
      postings: [{ account: accounts.fanWallet(fan), amountCents: -50 }, { account: accounts.platformFees, amountCents: 50 }],
    });
    const first = await ledger.history(accounts.fanWallet(fan), { page: 1, limit: 4 });
    expect(first.total).toBe(6);
    expect(first.entries.map((entry) => entry.amountCents)).toEqual([-50, 500, 400, 300]);
    const second = await ledger.history(accounts.fanWallet(fan), { page: 2, limit: 4 });
    expect(second.entries.map((entry) => entry.amountCents)).toEqual([200, 100]);
    const spends = await ledger.history(accounts.fanWallet(fan), { page: 1, limit: 20, kinds: [TEST_JOURNAL_KINDS.spend] });
    expect(spends.entries.map((entry) => entry.kind)).toEqual([TEST_JOURNAL_KINDS.spend]);
    expect(await ledger.history(accounts.fanWallet(fan), { page: 9, limit: 4 })).toEqual({ total: 6, entries: [] });
    const totals = await ledger.totalsByReference({ fanId: fan });
    expect(totals).toEqual(
      expect.arrayContaining([
        { journalKind: TEST_JOURNAL_KINDS.topUp, accountKind: 'fan_wallet', amountCents: 1500 },
        { journalKind: TEST_JOURNAL_KINDS.spend, accountKind: 'platform_fees', amountCents: 50 },
      ]),
    );
  });

  it('holds every invariant after real postings, and reports a cached balance that drifted', async () => {
    const report = await ledger.checkInvariants();
    expect(report.results.map((result) => [result.name, result.violations])).toEqual(report.results.map((result) => [result.name, []]));
    expect(report.ok).toBe(true);

    const fan = randomUUID();
    await ledger.post(topUp(fan, 250));
    // Only a direct write below the ledger can make the cache drift; the check must see it.
    await sql.query(`update ledger.accounts set balance_cents = balance_cents + 1 where code = $1`, [accounts.fanWallet(fan)]);
    const broken = await ledger.checkInvariants([{ name: 'an outside check', check: async () => ['something outside is off'] }]);
    expect(broken.ok).toBe(false);
    const byName = Object.fromEntries(broken.results.map((result) => [result.name, result.violations]));
    expect(byName['cached balances equal the sum of their postings']).toEqual([`${accounts.fanWallet(fan)}: cached 251, postings 250`]);
    expect(byName['the ledger sums to zero']).toEqual(['postings sum to 0, cached balances to 1']);
    expect(byName['an outside check']).toEqual(['something outside is off']);
    await sql.query(`update ledger.accounts set balance_cents = balance_cents - 1 where code = $1`, [accounts.fanWallet(fan)]);
    expect((await ledger.checkInvariants()).ok).toBe(true);
  });
});
