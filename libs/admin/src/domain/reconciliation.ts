import type { ReconciliationResult, ReconciliationType } from '#pie/contracts';
import { checkLedgerInvariants, escrowMovements } from '#pie/ledger';
import { allocationsByArtist } from '#pie/pies';
import type { EntityManager } from '#pie/platform';

/** At most this many rows are named in a result (the count says how many there are in all). */
const ROWS_SHOWN = 50;

/** What each check needs from outside the database: the ledger against Stripe's own records. */
export interface ProviderRecords {
  charges(): Promise<string[]>;
  offices(): Promise<string[]>;
}

const LEDGER_CHECKS: Record<Exclude<ReconciliationType, 'escrow' | 'provider'>, string[]> = {
  ledger: ['every journal sums to zero and has two or more postings', 'the ledger sums to zero'],
  balances: ['cached balances equal the sum of their postings'],
  wallets: ['no negative balance where none is allowed'],
  idempotency: ['no idempotency key twice'],
};

/**
 * One reconciliation check (DESIGN §5's invariants), answering pass/fail and the rows that break
 * it: ledger (journals and the ledger sum to zero), balances (cached = recomputed), escrow (what
 * each escrow received equals what the pies allocated to that artist), wallets (no negative
 * balance), provider (charges, fees, transfers and payouts equal Stripe's records), idempotency
 * (no key twice).
 */
export async function runCheck(em: EntityManager, type: ReconciliationType, provider: ProviderRecords): Promise<ReconciliationResult> {
  let rows: string[];
  if (type === 'escrow') rows = await escrowDrift(em);
  else if (type === 'provider') rows = [...(await provider.charges()), ...(await provider.offices())];
  else {
    const report = await checkLedgerInvariants(em);
    rows = report.results.filter((result) => LEDGER_CHECKS[type].includes(result.name)).flatMap((result) => result.violations);
  }
  return { type, ok: rows.length === 0, checkedAt: new Date().toISOString(), violations: rows.length, rows: rows.slice(0, ROWS_SHOWN) };
}

async function escrowDrift(em: EntityManager): Promise<string[]> {
  const allocated = await allocationsByArtist(em);
  const rows: string[] = [];
  const seen = new Set<string>();
  for (const escrow of await escrowMovements(em)) {
    seen.add(escrow.artistId);
    const expected = allocated.get(escrow.artistId) ?? 0;
    if (escrow.creditsCents !== expected) rows.push(`artist_escrow:${escrow.artistId}: received ${escrow.creditsCents} cents, the pies allocated ${expected}`);
  }
  for (const [artistId, cents] of allocated) if (!seen.has(artistId)) rows.push(`artist_escrow:${artistId}: received nothing, the pies allocated ${cents}`);
  return rows;
}

export async function recordRun(tx: EntityManager, result: ReconciliationResult, runBy: string): Promise<void> {
  await tx.execute(`insert into admin.reconciliation_runs (type, ok, violations, rows, run_by) values (?, ?, ?, ?::jsonb, ?)`, [
    result.type,
    result.ok,
    result.violations,
    JSON.stringify(result.rows ?? []),
    runBy,
  ]);
}

/** The latest run of each check (for the dashboard's health panel). */
export async function lastRuns(em: EntityManager): Promise<{ type: string; ok: boolean; violations: number; at: string; runBy: string }[]> {
  const rows = await em.execute<{ type: string; ok: boolean; violations: number; at: Date; run_by: string }[]>(
    `select distinct on (type) type, ok, violations, at, run_by from admin.reconciliation_runs order by type, at desc`,
  );
  return rows.map((row) => ({ type: row.type, ok: row.ok, violations: row.violations, at: new Date(row.at).toISOString(), runBy: row.run_by }));
}
