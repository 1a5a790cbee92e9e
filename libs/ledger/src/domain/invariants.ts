import { IsolationLevel } from '@mikro-orm/core';
import { sql, type RawBuilder } from 'kysely';
import type { EntityManager } from '#pie/platform';
import { ledgerDb } from '../db/ledger-db.js';

export interface InvariantResult {
  name: string;
  ok: boolean;
  /** What broke it (first rows only), empty when it holds. */
  violations: string[];
}

export interface InvariantReport {
  ok: boolean;
  checkedAt: Date;
  results: InvariantResult[];
}

/**
 * A check another module contributes (pies: escrow equals the unclaimed allocations; billing:
 * ledger totals match Stripe's records). Returns the violations found, none when it holds.
 */
export interface ExternalInvariant {
  name: string;
  check(em: EntityManager): Promise<string[]>;
}

const SAMPLE = 20;

/** DESIGN §5's invariants that the ledger can prove on its own, each one query. */
const LEDGER_INVARIANTS: { name: string; sql: RawBuilder<Record<string, unknown>>; describe(row: Record<string, unknown>): string }[] = [
  {
    name: 'every journal sums to zero and has two or more postings',
    sql: sql`select j.id, coalesce(sum(p.amount_cents), 0) as total, count(p.id) as legs
            from ledger.journals j left join ledger.postings p on p.journal_id = j.id
           group by j.id having coalesce(sum(p.amount_cents), 0) <> 0 or count(p.id) < 2 limit ${sql.lit(SAMPLE)}`,
    describe: (row) => `journal ${row.id}: sum ${row.total}, ${row.legs} posting(s)`,
  },
  {
    name: 'the ledger sums to zero',
    sql: sql`select (select coalesce(sum(amount_cents), 0) from ledger.postings) as postings,
                 (select coalesce(sum(balance_cents), 0) from ledger.accounts) as balances
          where (select coalesce(sum(amount_cents), 0) from ledger.postings) <> 0
             or (select coalesce(sum(balance_cents), 0) from ledger.accounts) <> 0`,
    describe: (row) => `postings sum to ${row.postings}, cached balances to ${row.balances}`,
  },
  {
    name: 'cached balances equal the sum of their postings',
    sql: sql`select a.code, a.balance_cents, coalesce(s.total, 0) as recomputed
            from ledger.accounts a
            left join (select account, sum(amount_cents) as total from ledger.postings group by account) s on s.account = a.code
           where a.balance_cents <> coalesce(s.total, 0) limit ${sql.lit(SAMPLE)}`,
    describe: (row) => `${row.code}: cached ${row.balance_cents}, postings ${row.recomputed}`,
  },
  {
    name: 'no negative balance where none is allowed',
    sql: sql`select a.code, coalesce(s.total, 0) as recomputed
            from ledger.accounts a
            left join (select account, sum(amount_cents) as total from ledger.postings group by account) s on s.account = a.code
           where (not a.allow_negative or a.kind not in ('stripe_clearing', 'refunds')) and coalesce(s.total, 0) < 0 limit ${sql.lit(SAMPLE)}`,
    describe: (row) => `${row.code}: ${row.recomputed}`,
  },
  {
    // README "Whose money an escrow holds": the entries say whose money each escrow posting moved.
    name: 'every escrow holds exactly what its fans hold, and no fan holds less than nothing',
    sql: sql`with fans as (select account, fan_id, sum(amount_cents) as held from ledger.escrow_entries group by account, fan_id)
          select a.code, a.balance_cents, coalesce(f.total, 0) as fans_total, coalesce(f.negative, 0) as negative, coalesce(h.total, 0) as cached, coalesce(f.mismatched, 0) as mismatched
            from ledger.accounts a
            left join (select f.account, sum(f.held) as total, count(*) filter (where f.held < 0) as negative,
                              count(*) filter (where f.held <> coalesce(h.balance_cents, 0)) as mismatched
                         from fans f left join ledger.escrow_holdings h on h.account = f.account and h.fan_id = f.fan_id group by f.account) f on f.account = a.code
            left join (select account, sum(balance_cents) as total from ledger.escrow_holdings group by account) h on h.account = a.code
           where a.kind = 'artist_escrow'
             and (a.balance_cents <> coalesce(f.total, 0) or coalesce(f.negative, 0) > 0 or coalesce(h.total, 0) <> coalesce(f.total, 0) or coalesce(f.mismatched, 0) > 0)
           limit ${sql.lit(SAMPLE)}`,
    describe: (row) =>
      `${row.code}: balance ${row.balance_cents}, its fans' lines ${row.fans_total}, cached holdings ${row.cached}` +
      `${Number(row.negative) > 0 ? `, ${row.negative} fan(s) below zero` : ''}${Number(row.mismatched) > 0 ? `, ${row.mismatched} cached holding(s) off` : ''}`,
  },
  {
    name: 'no idempotency key twice',
    sql: sql`select idempotency_key, count(*) as n from ledger.journals group by idempotency_key having count(*) > 1 limit ${sql.lit(SAMPLE)}`,
    describe: (row) => `${row.idempotency_key}: ${row.n} journals`,
  },
];

/** Runs every ledger invariant (and any the caller adds) in one read-only snapshot. */
export async function checkLedgerInvariants(em: EntityManager, external: ExternalInvariant[] = []): Promise<InvariantReport> {
  return em.fork().transactional(
    async (tx) => {
      const results: InvariantResult[] = [];
      for (const invariant of LEDGER_INVARIANTS) {
        const { rows } = await invariant.sql.execute(ledgerDb(tx));
        results.push({ name: invariant.name, ok: rows.length === 0, violations: rows.map(invariant.describe) });
      }
      for (const invariant of external) {
        const violations = await invariant.check(tx);
        results.push({ name: invariant.name, ok: violations.length === 0, violations });
      }
      return { ok: results.every((result) => result.ok), checkedAt: new Date(), results };
    },
    { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
  );
}
